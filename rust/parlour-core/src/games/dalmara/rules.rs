//! The actions of Dal Mara: validation in the engine's order with its codes and messages, and
//! the reducers. Every `*_mut` method validates first and mutates only on success.

use super::Code;
use super::{DalMara, GhopteOrder, Move, Pile, Rules};
use crate::cards::{Card, CardSet, Spelling, Suit, TEN, TWO};
use crate::error::{Error, Result};
use crate::game::Seat;
use crate::trick::{natural_power, FollowPolicy, TrickRules};
use crate::zobrist;
use std::borrow::Cow;

use super::{F_HAND, F_STACK, F_TRICK};

/// A deck passed to a deal.
#[derive(Clone, Copy, Debug)]
pub enum Deck<'a> {
    /// No deck given (`undefined`/`null`).
    Absent,
    /// Cards.
    Cards(&'a [Card]),
    /// Parsed card strings; `None` for a string that is not a card.
    Parsed(&'a [Option<Card>]),
}

impl Deck<'_> {
    fn len(&self) -> Option<usize> {
        match self {
            Deck::Absent => None,
            Deck::Cards(c) => Some(c.len()),
            Deck::Parsed(c) => Some(c.len()),
        }
    }
    /// The cards if every one is a card and none repeats.
    fn distinct(&self) -> Option<Cow<'_, [Card]>> {
        let v: Cow<'_, [Card]> = match self {
            Deck::Absent => return None,
            Deck::Cards(c) => Cow::Borrowed(c),
            Deck::Parsed(c) => Cow::Owned(c.iter().copied().collect::<Option<Vec<Card>>>()?),
        };
        let mut seen = CardSet::EMPTY;
        for &c in v.iter() {
            if seen.contains(c) {
                return None;
            }
            seen.insert(c);
        }
        Some(v)
    }
}

fn act(m: impl Into<String>) -> Error {
    Error::illegal(Code::InvalidAction, m)
}

fn turn_err(seat: SeatIn<'_>) -> Error {
    Error::illegal(
        Code::NotPlayerTurn,
        format!("Not turn for player at seat {seat}"),
    )
}

fn bad_deck(m: &str) -> Error {
    Error::config(Code::InvalidDeck, m)
}

/// A card argument: its index when it is a card, and how to show it in messages.
#[derive(Clone, Copy, Debug)]
pub struct CardIn<'a> {
    idx: Option<Card>,
    text: &'a str,
}

impl<'a> CardIn<'a> {
    /// A card string as given by a caller.
    #[must_use]
    pub fn text(text: &'a str) -> CardIn<'a> {
        CardIn {
            idx: Card::parse(text, Spelling::DalMara).ok(),
            text,
        }
    }
    /// A value that is not a card (a caller's non-string value, say), shown in messages as
    /// `shown`.
    #[must_use]
    pub fn not_a_card(shown: &'a str) -> CardIn<'a> {
        CardIn {
            idx: None,
            text: shown,
        }
    }
    /// A card.
    #[must_use]
    pub fn card(c: Card) -> CardIn<'static> {
        CardIn {
            idx: Some(c),
            text: "",
        }
    }
    fn shown(&self) -> String {
        match (self.text, self.idx) {
            ("", Some(c)) => c.format(Spelling::DalMara),
            (t, _) => t.to_string(),
        }
    }
}

/// A seat argument: the seat when it is an integer, and how to show it in messages (a
/// caller's value that is no seat, `undefined` or `1.5` say, is refused as the engine refuses
/// it and shown as the caller shows it).
#[derive(Clone, Copy, Debug)]
pub struct SeatIn<'a> {
    value: Option<i64>,
    text: &'a str,
}

impl<'a> SeatIn<'a> {
    /// A value that is not an integer seat, shown in messages as `shown`.
    #[must_use]
    pub fn not_a_seat(shown: &'a str) -> SeatIn<'a> {
        SeatIn {
            value: None,
            text: shown,
        }
    }
    /// True when this is seat `s`.
    fn is(self, s: u8) -> bool {
        self.value == Some(i64::from(s))
    }
}

impl From<i64> for SeatIn<'static> {
    fn from(v: i64) -> Self {
        SeatIn {
            value: Some(v),
            text: "",
        }
    }
}

impl From<i32> for SeatIn<'static> {
    fn from(v: i32) -> Self {
        SeatIn::from(i64::from(v))
    }
}

impl From<u8> for SeatIn<'static> {
    fn from(v: u8) -> Self {
        SeatIn::from(i64::from(v))
    }
}

impl std::fmt::Display for SeatIn<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.value {
            Some(v) => write!(f, "{v}"),
            None => f.write_str(self.text),
        }
    }
}

/// One of the engine's actions, by its action type (`playCard` for the play that is a Ghopte
/// submission while a Ghopte is unresolved): what [`DalMara::act`] and [`DalMara::deal`] do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// `DEAL_FOUR_PLAYER`.
    DealFour,
    /// `DEAL_TWO_PLAYER_HANDS`.
    DealTwoHands,
    /// `DEAL_TWO_PLAYER_STACKS`.
    DealTwoStacks,
    /// `DECLARE_TURUP`.
    DeclareTurup,
    /// `PICKUP_TURUP_CARD`.
    Pickup,
    /// `playCard`.
    Play,
    /// `PLAY_CARD` (refused while a Ghopte is unresolved).
    PlayNormal,
    /// `PLAY_GHOPTE`.
    PlayGhopte,
}

impl Action {
    /// The action of an engine action type (`"PLAY_GHOPTE"`) or `"playCard"`.
    ///
    /// # Errors
    /// `INVALID_ACTION` for any other name.
    pub fn parse(name: &str) -> Result<Action> {
        Ok(match name {
            "DEAL_FOUR_PLAYER" => Action::DealFour,
            "DEAL_TWO_PLAYER_HANDS" => Action::DealTwoHands,
            "DEAL_TWO_PLAYER_STACKS" => Action::DealTwoStacks,
            "DECLARE_TURUP" => Action::DeclareTurup,
            "PICKUP_TURUP_CARD" => Action::Pickup,
            "playCard" => Action::Play,
            "PLAY_CARD" => Action::PlayNormal,
            "PLAY_GHOPTE" => Action::PlayGhopte,
            _ => return Err(act("Unknown action type")),
        })
    }
}

impl DalMara {
    /// A deal action (`order` numbers a four-player deal's Ghoptes).
    ///
    /// # Errors
    /// The action's own, or `INVALID_ACTION` for an action that is no deal.
    pub fn deal<'s>(
        &self,
        action: Action,
        seat: impl Into<SeatIn<'s>>,
        deck: Deck<'_>,
        order: GhopteOrder,
    ) -> Result<DalMara> {
        match action {
            Action::DealFour => self.deal_four(seat, deck, order),
            Action::DealTwoHands => self.deal_two_hands(seat, deck),
            Action::DealTwoStacks => self.deal_two_stacks(seat, deck),
            _ => Err(act("Unknown action type")),
        }
    }

    /// An action of a card or suit `value`, the text as given when `text`, else the text of
    /// a value that is no card or suit (shown so in messages).
    ///
    /// # Errors
    /// The action's own, or `INVALID_ACTION` for a deal.
    pub fn act<'s>(
        &self,
        action: Action,
        seat: impl Into<SeatIn<'s>>,
        value: &str,
        text: bool,
    ) -> Result<DalMara> {
        let card = if text {
            CardIn::text(value)
        } else {
            CardIn::not_a_card(value)
        };
        match action {
            Action::DeclareTurup => {
                let suit = if text { Suit::from_name(value) } else { None };
                self.declare_turup_as(seat, suit, value)
            }
            Action::Pickup => self.pickup(seat, card),
            Action::Play => self.play_card(seat, card),
            Action::PlayNormal => self.play_normal(seat, card),
            Action::PlayGhopte => self.play_ghopte(seat, card),
            _ => Err(act("Unknown action type")),
        }
    }
}

impl DalMara {
    fn n(&self) -> u8 {
        if self.four {
            4
        } else {
            2
        }
    }

    fn all_hands_empty(&self) -> bool {
        // Unused seats' hands are always empty.
        self.hands.iter().fold(0, |m, h| m | h.mask().bits()) == 0
    }

    fn all_stacks_empty(&self) -> bool {
        self.stacks.iter().fold(0, |m, h| m | h.mask().bits()) == 0
    }

    fn stacks_dealt(&self) -> bool {
        self.move_number > 0 || !self.all_stacks_empty()
    }

    /// True when a face-up card of the Turup suit shows on any stack.
    #[must_use]
    pub fn faceup_turup_showing(&self) -> bool {
        match self.turup {
            Some(t) => self
                .stacks
                .iter()
                .any(|p| p.top().is_some_and(|c| c.suit() == t)),
            None => false,
        }
    }

    /// The trick rules under the Turup `turup`: follow suit, the Turup suit trumps.
    pub(super) fn trick_rules(turup: Option<Suit>) -> TrickRules {
        TrickRules::with_trump_suit(turup, FollowPolicy::FollowSuit)
    }

    /// The trick's stored lead suit as the lead card [`TrickRules`] reads (only its suit
    /// matters: the two of the suit stands in for it).
    pub(super) fn lead_card(lead: Option<Suit>) -> Option<Card> {
        lead.and_then(|l| Card::new(l, TWO))
    }

    /// The cards of `cards` that may be played to the trick in progress: the shared
    /// [`TrickRules::legal`] under [`DalMara::trick_rules`], written out for the playout hot path
    /// (a whole-suit Turup makes the led group the lead suit's cards; debug builds check that
    /// both agree).
    fn follow(&self, cards: CardSet) -> CardSet {
        let legal = match self.lead {
            Some(l) if !cards.of_suit(l).is_empty() => cards.of_suit(l),
            _ => cards,
        };
        debug_assert_eq!(
            legal,
            DalMara::trick_rules(self.turup).legal(cards, DalMara::lead_card(self.lead))
        );
        legal
    }

    fn lead_blocked(&self) -> bool {
        self.rules == Rules::Rulebook
            && !self.four
            && self.trick_len == 0
            && self.faceup_turup_showing()
    }

    /// Index of the active Ghopte: the engine takes the first unresolved entry, the rulebook
    /// the unresolved entry with the smallest `order`.
    fn active_ghopte(&self) -> Option<usize> {
        let gs = self.ghoptes();
        match self.rules {
            Rules::Engine => gs.iter().position(|g| !g.resolved),
            Rules::Rulebook => {
                let mut best: Option<usize> = None;
                for (i, g) in gs.iter().enumerate() {
                    if !g.resolved && best.map_or(true, |b| g.order < gs[b].order) {
                        best = Some(i);
                    }
                }
                best
            }
        }
    }

    /// True while a Ghopte is unresolved (plays are then Ghopte submissions).
    #[must_use]
    pub fn ghopte_pending(&self) -> bool {
        self.ghoptes().iter().any(|g| !g.resolved)
    }

    /// `isFinished`: a card has been played and every hand (and, 2p, every stack) is empty.
    #[must_use]
    pub fn is_finished(&self) -> bool {
        self.move_number != 0 && self.all_hands_empty() && (self.four || self.all_stacks_empty())
    }

    fn seat_ok(&self, seat: SeatIn<'_>) -> Option<u8> {
        seat.value
            .and_then(|v| u8::try_from(v).ok())
            .filter(|&s| s < self.n())
    }

    /// `getLegalMoves(x, seat)`: `(card, stack position)` in the engine's order.
    pub fn legal_plays_into<'s>(
        &self,
        seat: impl Into<SeatIn<'s>>,
        out: &mut Vec<(Card, Option<u8>)>,
    ) {
        let seat: SeatIn<'s> = seat.into();
        out.clear();
        let Some(s) = self.seat_ok(seat) else { return };
        let hand = self.hands[usize::from(s)].as_slice();
        if self.four {
            if hand.is_empty() || s != self.next {
                return;
            }
            if let Some(a) = self.active_ghopte() {
                let g = self.ghoptes[a];
                if g.seat == s {
                    out.push((g.card, None));
                    return;
                }
                let own = self.own_pending_tens(s);
                out.extend(
                    hand.iter()
                        .filter(|&&c| !own.contains(c))
                        .map(|&c| (c, None)),
                );
                if out.is_empty() {
                    out.extend(hand.iter().map(|&c| (c, None)));
                }
                return;
            }
            let legal = self.follow(self.hands[usize::from(s)].mask());
            out.extend(
                hand.iter()
                    .filter(|&&c| legal.contains(c))
                    .map(|&c| (c, None)),
            );
            return;
        }
        if self.turup.is_none() || !self.stacks_dealt() || s != self.next || self.lead_blocked() {
            return;
        }
        let base = usize::from(s) * 4;
        out.extend(hand.iter().map(|&c| (c, None)));
        for k in 0..4u8 {
            if let Some(c) = self.stacks[base + usize::from(k)].top() {
                out.push((c, Some(k)));
            }
        }
        let legal = self.follow(out.iter().map(|&(c, _)| c).collect());
        out.retain(|&(c, _)| legal.contains(c));
    }

    fn own_pending_tens(&self, seat: u8) -> CardSet {
        self.ghoptes()
            .iter()
            .filter(|g| g.seat == seat && !g.resolved)
            .map(|g| g.card)
            .collect()
    }

    // ------------------------------------------------------------------ deals

    /// `DEAL_FOUR_PLAYER`.
    ///
    /// # Errors
    /// The engine's codes in its order; `INVALID_DECK` also for an unknown or repeated card.
    pub fn deal_four<'s>(
        &self,
        seat: impl Into<SeatIn<'s>>,
        deck: Deck<'_>,
        order: GhopteOrder,
    ) -> Result<DalMara> {
        let seat: SeatIn<'s> = seat.into();
        if !self.four {
            return Err(act("dealFourPlayer is only valid in 4-Player mode"));
        }
        if !self.all_hands_empty() || self.move_number > 0 {
            return Err(act("Cards have already been dealt"));
        }
        if deck.len() != Some(52) {
            return Err(bad_deck("Deck must be 52 cards long to deal"));
        }
        let cards = deck
            .distinct()
            .ok_or_else(|| bad_deck("Deck must hold 52 distinct valid cards"))?;
        if !seat.is(self.dealer) {
            return Err(act("Only the dealer can deal cards"));
        }
        let mut s = self.clone();
        s.deal_four_cards(&cards, order);
        Ok(s)
    }

    /// The reducer of `DEAL_FOUR_PLAYER` once validated: `cards` are 52 distinct cards.
    pub(super) fn deal_four_cards(&mut self, cards: &[Card], order: GhopteOrder) {
        let s = self;
        for h in &mut s.hands {
            *h = Pile::default();
        }
        for i in 0..4u8 {
            let seat = usize::from((s.dealer + 1 + i) % 4);
            let i = usize::from(i);
            for range in [
                5 * i..5 * i + 5,
                20 + 4 * i..24 + 4 * i,
                36 + 4 * i..40 + 4 * i,
            ] {
                for &c in cards.get(range).unwrap_or(&[]) {
                    s.hands[seat].push(c);
                }
            }
        }
        // Ghopte detection, in scan order; stored seat-grouped as DMN lists them.
        let mut found: Vec<super::Ghopte> = Vec::new();
        let start = match order {
            GhopteOrder::DealerLast => s.dealer + 1,
            GhopteOrder::DealerFirst => s.dealer,
        };
        for i in 0..4u8 {
            let seat = (start + i) % 4;
            let mask = s.hands[usize::from(seat)].mask();
            for suit in Suit::ALL {
                let ten = Card::new(suit, TEN);
                if let Some(card) = ten.filter(|&t| mask.of_suit(suit) == CardSet::EMPTY.with(t)) {
                    found.push(super::Ghopte {
                        seat,
                        card,
                        order: i32::try_from(found.len()).unwrap_or(0),
                        resolved: false,
                    });
                }
            }
        }
        s.trick_len = 0;
        s.trick_skipped = [0; 4];
        s.trick_number = 1;
        s.play_number = 0;
        s.detail = None;
        s.tens = [0; 4];
        s.tricks = [0; 4];
        s.turup_trick = None;
        s.seen = super::Seen::dealt();
        if let Some(first) = found.first().copied() {
            s.lead = Some(first.card.suit());
            s.is_ghopte = true;
            s.next = first.seat;
        } else {
            s.lead = None;
            s.is_ghopte = false;
            s.next = (s.dealer + 1) % 4;
        }
        let mut grouped = found;
        grouped.sort_by_key(|g| g.seat);
        s.n_ghoptes = u8::try_from(grouped.len()).unwrap_or(0);
        s.ghoptes = [super::Ghopte::default(); super::MAX_GHOPTES];
        for (slot, g) in s.ghoptes.iter_mut().zip(grouped) {
            *slot = g;
        }
        s.rehash();
    }

    /// `DEAL_TWO_PLAYER_HANDS`.
    ///
    /// # Errors
    /// The engine's codes in its order; `INVALID_DECK` also for an unknown or repeated card.
    pub fn deal_two_hands<'s>(
        &self,
        seat: impl Into<SeatIn<'s>>,
        deck: Deck<'_>,
    ) -> Result<DalMara> {
        let seat: SeatIn<'s> = seat.into();
        if self.four {
            return Err(act("dealTwoPlayerHands is only valid in 2-Player mode"));
        }
        if !self.all_hands_empty() || self.move_number > 0 {
            return Err(act("Hand cards have already been dealt"));
        }
        if deck.len() != Some(52) {
            return Err(bad_deck("Deck must be 52 cards long to deal"));
        }
        let cards = deck
            .distinct()
            .ok_or_else(|| bad_deck("Deck must hold 52 distinct valid cards"))?;
        if !seat.is(self.dealer) {
            return Err(act("Only the dealer can deal cards"));
        }
        let mut s = self.clone();
        let nd = usize::from(1 - self.dealer);
        s.hands[nd] = Pile::from_slice(cards.get(0..6).unwrap_or(&[])).unwrap_or_default();
        s.hands[usize::from(self.dealer)] =
            Pile::from_slice(cards.get(6..12).unwrap_or(&[])).unwrap_or_default();
        s.reset_trick();
        s.detail = None;
        s.next = 1 - self.dealer;
        s.seen = super::Seen::dealt();
        s.rehash();
        Ok(s)
    }

    fn reset_trick(&mut self) {
        self.trick_len = 0;
        self.trick_skipped = [0; 4];
        self.trick_number = 1;
        self.play_number = 0;
        self.lead = None;
        self.is_ghopte = false;
    }

    /// `DECLARE_TURUP`.
    ///
    /// # Errors
    /// The engine's codes in its order; then `INVALID_TURUP_DECLARATION` for an unknown suit.
    pub fn declare_turup<'s>(&self, seat: impl Into<SeatIn<'s>>, suit: &str) -> Result<DalMara> {
        let seat: SeatIn<'s> = seat.into();
        self.declare_turup_as(seat, Suit::from_name(suit), suit)
    }

    /// [`declare_turup`](Self::declare_turup) with the suit already read (None for a value
    /// that is not a suit name), shown in messages as `shown`.
    ///
    /// # Errors
    /// As `declare_turup`.
    pub fn declare_turup_as<'s>(
        &self,
        seat: impl Into<SeatIn<'s>>,
        suit: Option<Suit>,
        shown: &str,
    ) -> Result<DalMara> {
        let seat: SeatIn<'s> = seat.into();
        let mut s = self.clone();
        s.declare_turup_mut(seat, suit, shown)?;
        Ok(s)
    }

    fn declare_turup_mut(
        &mut self,
        seat: SeatIn<'_>,
        suit: Option<Suit>,
        shown: &str,
    ) -> Result<()> {
        if self.four {
            return Err(act(
                "Turup declaration action is only valid in 2-Player mode",
            ));
        }
        if self.turup.is_some() {
            return Err(Error::illegal(
                Code::InvalidTurupDeclaration,
                "Turup has already been declared",
            ));
        }
        if self.all_hands_empty() {
            return Err(act("Cannot declare Turup before cards are dealt"));
        }
        if self.stacks_dealt() {
            return Err(act("Cannot declare Turup after stacks are dealt"));
        }
        if !seat.is(self.next) {
            return Err(Error::illegal(
                Code::NotPlayerTurn,
                "It is not your turn to declare Turup",
            ));
        }
        let t = suit.ok_or_else(|| {
            let shown: String = shown.chars().take(40).collect();
            Error::illegal(
                Code::InvalidTurupDeclaration,
                format!("Invalid Turup suit '{shown}': must be spades, hearts, diamonds or clubs"),
            )
        })?;
        self.turup = Some(t);
        self.reset_trick();
        self.next = self.dealer;
        self.rehash();
        Ok(())
    }

    /// `DEAL_TWO_PLAYER_STACKS`.
    ///
    /// # Errors
    /// The engine's codes in its order; `INVALID_DECK` also for an unknown or repeated card, or
    /// a 40-card deck holding a card of either hand.
    pub fn deal_two_stacks<'s>(
        &self,
        seat: impl Into<SeatIn<'s>>,
        deck: Deck<'_>,
    ) -> Result<DalMara> {
        let seat: SeatIn<'s> = seat.into();
        if self.four {
            return Err(act("dealTwoPlayerStacks is only valid in 2-Player mode"));
        }
        if !seat.is(self.dealer) {
            return Err(act("Only the dealer can deal stacks"));
        }
        if self.all_hands_empty() {
            return Err(act("Hands must be dealt before dealing stacks"));
        }
        if self.turup.is_none() {
            return Err(act("Turup must be declared before dealing stacks"));
        }
        if self.stacks_dealt() {
            return Err(act("Stacks have already been dealt"));
        }
        let in_hands = self.hands[0].mask().union(self.hands[1].mask());
        let rem: Vec<Card> = match deck.len() {
            None => CardSet::FULL52.difference(in_hands).to_vec(),
            Some(40) => {
                let v = deck
                    .distinct()
                    .filter(|v| v.iter().all(|&c| !in_hands.contains(c)))
                    .ok_or_else(|| bad_deck("A 40-card deck must hold 40 distinct valid cards, none of them in a hand"))?;
                v.into_owned()
            }
            Some(52) => deck
                .distinct()
                .ok_or_else(|| bad_deck("Deck must hold 52 distinct valid cards"))?
                .iter()
                .copied()
                .filter(|&c| !in_hands.contains(c))
                .collect(),
            Some(_) => {
                return Err(bad_deck(
                    "Deck must contain either 40 remaining cards or 52 full cards to deal stacks",
                ));
            }
        };
        let mut s = self.clone();
        let nd = usize::from(1 - self.dealer);
        let d = usize::from(self.dealer);
        for p in 0..5 {
            for k in 0..4 {
                if let Some(&c) = rem.get(8 * p + 2 * k) {
                    s.stacks[nd * 4 + k].push(c);
                }
                if let Some(&c) = rem.get(8 * p + 2 * k + 1) {
                    s.stacks[d * 4 + k].push(c);
                }
            }
        }
        s.next = 1 - self.dealer;
        s.rehash();
        Ok(s)
    }

    // ------------------------------------------------------------------ pickups

    /// `PICKUP_TURUP_CARD`.
    ///
    /// # Errors
    /// The engine's codes in its order.
    pub fn pickup<'s>(&self, seat: impl Into<SeatIn<'s>>, card: CardIn<'_>) -> Result<DalMara> {
        let seat: SeatIn<'s> = seat.into();
        let mut s = self.clone();
        s.pickup_mut(seat, card)?;
        Ok(s)
    }

    fn pickup_mut(&mut self, seat: SeatIn<'_>, card: CardIn<'_>) -> Result<()> {
        if self.four {
            return Err(act("Pickup Turup action is only valid in 2-Player mode"));
        }
        let Some(s) = self.seat_ok(seat) else {
            return Err(act("Player not found"));
        };
        let base = usize::from(s) * 4;
        let slot = card
            .idx
            .and_then(|c| (base..base + 4).find(|&k| self.stacks[k].top() == Some(c)))
            .ok_or_else(|| Error::illegal(Code::StackNotFound, "Target stack not found"))?;
        let c = self.stacks[slot].top().unwrap_or(Card::PLACEHOLDER);
        if Some(c.suit()) != self.turup {
            return Err(act("Target stack card is not face up or is not Turup suit"));
        }
        if self.hands[usize::from(s)].len() >= super::MAX_PILE {
            return Err(Error::invalid_state(
                Code::HandFull,
                "the hand cannot hold another card",
            ));
        }
        self.stacks[slot].pop();
        self.hands[usize::from(s)].push(c);
        self.seen.picked(c);
        self.hash ^= zobrist::feature(F_STACK + slot, usize::from(c.index()))
            ^ zobrist::feature(F_HAND + usize::from(s), usize::from(c.index()));
        Ok(())
    }

    // ------------------------------------------------------------------ plays

    /// `playCard`: a Ghopte submission while a Ghopte is unresolved, else a normal play.
    ///
    /// # Errors
    /// The codes of [`DalMara::play_ghopte`] or [`DalMara::play_normal`].
    pub fn play_card<'s>(&self, seat: impl Into<SeatIn<'s>>, card: CardIn<'_>) -> Result<DalMara> {
        let seat: SeatIn<'s> = seat.into();
        let mut s = self.clone();
        s.play_card_mut(seat, card)?;
        Ok(s)
    }

    /// [`play_card`](Self::play_card) on this position itself, for a caller that plays on a
    /// copy it owns (a boxed one, say) and so saves moving the position.
    ///
    /// # Errors
    /// As `play_card`; on an error the position may be partly changed and must be dropped.
    pub fn play_card_mut<'s>(
        &mut self,
        seat: impl Into<SeatIn<'s>>,
        card: CardIn<'_>,
    ) -> Result<()> {
        let seat: SeatIn<'s> = seat.into();
        if let Some(c) = card.idx {
            // the common case, a legal 4p play by the seat on turn, checked with bit tests only
            if seat.is(self.next) && self.fast_play_four(c) {
                return Ok(());
            }
        }
        if self.four && self.ghopte_pending() {
            self.play_ghopte_mut(seat, card)
        } else {
            self.play_normal_mut(seat, card)
        }
    }

    /// `PLAY_GHOPTE`.
    ///
    /// # Errors
    /// The engine's codes in its order.
    pub fn play_ghopte<'s>(
        &self,
        seat: impl Into<SeatIn<'s>>,
        card: CardIn<'_>,
    ) -> Result<DalMara> {
        let seat: SeatIn<'s> = seat.into();
        let mut s = self.clone();
        s.play_ghopte_mut(seat, card)?;
        Ok(s)
    }

    /// `PLAY_CARD`.
    ///
    /// # Errors
    /// The engine's codes in its order (plus `TURUP_PICKUP_REQUIRED` in rulebook 2p).
    pub fn play_normal<'s>(
        &self,
        seat: impl Into<SeatIn<'s>>,
        card: CardIn<'_>,
    ) -> Result<DalMara> {
        let seat: SeatIn<'s> = seat.into();
        let mut s = self.clone();
        s.play_normal_mut(seat, card)?;
        Ok(s)
    }

    fn play_ghopte_mut(&mut self, seat: SeatIn<'_>, card: CardIn<'_>) -> Result<()> {
        if !self.four {
            return Err(act("Ghopte is only valid in 4-Player mode"));
        }
        let Some(a) = self.active_ghopte() else {
            return Err(act("No unresolved Ghopte active"));
        };
        if !seat.is(self.next) {
            return Err(turn_err(seat));
        }
        let s = self.next;
        let hi = usize::from(s);
        let pos = card
            .idx
            .and_then(|c| self.hands[hi].position(c))
            .ok_or_else(|| {
                Error::illegal(
                    Code::CardNotOwned,
                    format!("Player does not own card {}", card.shown()),
                )
            })?;
        let c = self.hands[hi].as_slice()[pos];
        let g = self.ghoptes[a];
        if g.seat == s && c != g.card {
            return Err(Error::illegal(
                Code::InvalidGhopteSubmission,
                "Declarer must play the declared Ghopte 10 card",
            ));
        }
        if g.seat != s && self.own_pending_tens(s).contains(c) {
            return Err(Error::illegal(
                Code::InvalidGhopteSubmission,
                "Cannot play your own pending Ghopte 10 card while guessing another player's Ghopte",
            ));
        }
        if usize::from(self.trick_len) >= 4 {
            return Err(Error::invalid_state(
                Code::TrickFull,
                "the trick already holds four cards",
            ));
        }
        self.hash ^= self.ghopte_hash();
        self.take_from_hand(hi, pos, c);
        self.seen.played(s, c);
        self.push_trick(s, c);
        self.move_number = self.move_number.saturating_add(1);
        self.detail = Some((s, c, false));
        let l = g.card.suit();
        self.lead = Some(l);
        self.is_ghopte = true;
        if self.trick_len == 4 {
            let w = self.trick_winner(l, None);
            let order = g.order;
            let n = usize::from(self.n_ghoptes);
            for x in &mut self.ghoptes[..n] {
                if x.order == order {
                    x.resolved = true;
                }
            }
            self.finish_trick(w);
            self.trick_number = self.trick_number.saturating_add(1);
            self.play_number = 0;
            if let Some(na) = self.active_ghopte() {
                let ng = self.ghoptes[na];
                self.lead = Some(ng.card.suit());
                self.is_ghopte = true;
                self.next = ng.seat;
            } else {
                self.lead = None;
                self.is_ghopte = false;
                self.next = w;
            }
        } else {
            self.next = (s + 1) % 4;
            self.play_number = self.trick_len;
        }
        self.hash ^= self.ghopte_hash();
        Ok(())
    }

    fn play_normal_mut(&mut self, seat: SeatIn<'_>, card: CardIn<'_>) -> Result<()> {
        if self.ghopte_pending() {
            return Err(act("Cannot play card while there are unresolved Ghoptes"));
        }
        let hands_empty = self.all_hands_empty();
        if self.move_number == 0 && hands_empty {
            return Err(act("Cannot play cards before cards are dealt"));
        }
        if !self.four {
            if self.turup.is_none() {
                return Err(act("Cannot play cards before Turup is declared"));
            }
            if self.move_number == 0 && self.all_stacks_empty() {
                return Err(act("Cannot play cards before stacks are dealt"));
            }
        }
        if hands_empty && (self.four || self.all_stacks_empty()) {
            return Err(Error::illegal(
                Code::GameAlreadyFinished,
                "Cannot play cards after game has ended",
            ));
        }
        if !seat.is(self.next) {
            return Err(turn_err(seat));
        }
        if self.lead_blocked() {
            return Err(Error::illegal(
                Code::TurupPickupRequired,
                "All face-up Turup cards must be picked up before a trick can start",
            ));
        }
        let s = self.next;
        let hi = usize::from(s);
        // Where the card comes from: a face-up stack top of this seat first (2p), else the hand.
        let mut from_stack: Option<usize> = None;
        let mut from_hand: Option<usize> = None;
        if let Some(c) = card.idx {
            if !self.four {
                from_stack = (hi * 4..hi * 4 + 4).find(|&k| self.stacks[k].top() == Some(c));
            }
            if from_stack.is_none() {
                from_hand = self.hands[hi].position(c);
            }
        }
        let c = match (card.idx, from_stack, from_hand) {
            (Some(c), Some(_), _) | (Some(c), None, Some(_)) => c,
            _ => {
                return Err(Error::illegal(
                    Code::CardNotOwned,
                    format!("Player does not own or cannot access card {}", card.shown()),
                ));
            }
        };
        if let Some(l) = self.lead {
            let mut held = self.hands[hi].mask();
            if !self.four {
                held = (hi * 4..hi * 4 + 4)
                    .filter_map(|k| self.stacks[k].top())
                    .fold(held, CardSet::with);
            }
            if !self.follow(held).contains(c) {
                let name = l.name();
                let extra = if self.four {
                    ""
                } else {
                    " in hand or face-up stacks"
                };
                return Err(Error::illegal(
                    Code::MustFollowSuit,
                    format!("Must follow lead suit ({name}) when holding matching cards{extra}"),
                ));
            }
        }
        if usize::from(self.trick_len) >= usize::from(self.n()) {
            return Err(Error::invalid_state(
                Code::TrickFull,
                "the trick is already complete",
            ));
        }
        self.commit_play(s, c, from_stack, from_hand);
        Ok(())
    }

    /// The four-player play of `c` by the seat to move when no Ghopte is pending, if it is legal
    /// (held, follows suit): the common case of a playout, checked with bit tests only. `None`
    /// sends the move through the full validation of `PLAY_CARD` (which then reports why).
    fn fast_play_four(&mut self, c: Card) -> bool {
        if !self.four || self.trick_len >= 4 || self.ghopte_pending() {
            return false;
        }
        let hi = usize::from(self.next & 3);
        let hand = &self.hands[hi];
        if !self.follow(hand.mask()).contains(c) {
            return false;
        }
        let p = hand.position(c);
        self.commit_play(self.next, c, None, p);
        true
    }

    /// Play validated card `c` of seat `s`, taken from stack slot `from_stack` or hand position
    /// `from_hand`: the Turup rule, the trick, and the trick's end.
    fn commit_play(&mut self, s: u8, c: Card, from_stack: Option<usize>, from_hand: Option<usize>) {
        let hi = usize::from(s);
        let n = self.n();
        let cs = c.suit();
        let l = if self.trick_len == 0 {
            cs
        } else {
            self.lead.unwrap_or_else(|| self.trick[0].1.suit())
        };
        if let Some(k) = from_stack {
            self.stacks[k].pop();
            self.hash ^= zobrist::feature(F_STACK + k, usize::from(c.index()));
        } else if let Some(p) = from_hand {
            self.take_from_hand(hi, p, c);
        }
        self.seen.played(s, c);
        if cs != l {
            self.seen.void(s, l);
        }
        let old = self.turup;
        let mut new_t = old;
        if self.four && cs != l {
            // Whether an override is open to this play: then its outcome shows everyone
            // whether the seat still holds a card of the Turup suit.
            let open = match self.rules {
                Rules::Engine => {
                    let off = self.trick_cards().iter().any(|&(_, x)| x.suit() != l);
                    off || old.is_none()
                }
                Rules::Rulebook => old.is_none() || self.turup_trick == Some(self.trick_number),
            };
            match old {
                None => {
                    new_t = Some(cs);
                    if self.rules == Rules::Rulebook {
                        self.turup_trick = Some(self.trick_number);
                    }
                }
                Some(t) if open && t != cs => {
                    if self.hands[hi].has_suit(t) {
                        self.seen.holds(s, t);
                    } else {
                        self.seen.void(s, t);
                        new_t = Some(cs);
                    }
                }
                _ => {}
            }
        }
        let makes = new_t != old && new_t == Some(cs);
        self.turup = new_t;
        self.push_trick(s, c);
        self.move_number = self.move_number.saturating_add(1);
        self.detail = Some((s, c, makes));
        if self.trick_len == n {
            let w = self.trick_winner(l, self.turup);
            self.finish_trick(w);
            if self.all_hands_empty() && (self.four || self.all_stacks_empty()) {
                self.play_number = n;
                self.lead = Some(l);
            } else {
                self.trick_number = self.trick_number.saturating_add(1);
                self.play_number = 0;
                self.lead = None;
            }
            self.is_ghopte = false;
            self.next = w;
        } else {
            self.next = (s + 1) % n;
            self.play_number = self.trick_len;
            self.lead = Some(l);
            self.is_ghopte = false;
        }
    }

    fn take_from_hand(&mut self, hi: usize, pos: usize, c: Card) {
        self.hands[hi].remove_at(pos);
        self.hash ^= zobrist::feature(F_HAND + hi, usize::from(c.index()));
    }

    fn push_trick(&mut self, seat: u8, c: Card) {
        let k = usize::from(self.trick_len);
        if let Some(slot) = self.trick.get_mut(k) {
            *slot = (seat, c);
            self.trick_len += 1;
            self.hash ^= zobrist::feature(F_TRICK + k, usize::from(c.index()))
                ^ zobrist::feature(F_TRICK + k, 60 + usize::from(seat));
        }
    }

    /// Winner seat of the complete trick in `self.trick` under the stored lead suit `l` and
    /// Turup `t`: the shared [`TrickRules::winner_led`], save that in 2p with a Turup a first
    /// card off the lead suit and no Turup (hand-made DMN only) keeps the trick against any
    /// card but a Turup, as the engine has it.
    fn trick_winner(&self, l: Suit, t: Option<Suit>) -> u8 {
        let n = usize::from(self.trick_len).min(4);
        let cards = self.trick.map(|(_, c)| c);
        let rules = DalMara::trick_rules(t);
        let mut cards = &cards[..n];
        if !self.four && t.is_some() {
            cards = &cards[..n.min(2)];
            if let [first, second] = *cards {
                let no_turup = !rules.trumps.contains(first) && !rules.trumps.contains(second);
                if no_turup && first.suit() != l {
                    return self.trick[0].0;
                }
            }
        }
        DalMara::lead_card(Some(l))
            .and_then(|lead| rules.winner_led(cards, lead, natural_power))
            .map_or(self.next, |i| self.trick[i].0)
    }

    /// Credit the trick to `w` and clear it.
    fn finish_trick(&mut self, w: u8) {
        let mut tens = 0u8;
        for k in 0..usize::from(self.trick_len) {
            let (s, c) = self.trick[k];
            if c.rank() == TEN {
                tens += 1;
            }
            self.hash ^= zobrist::feature(F_TRICK + k, usize::from(c.index()))
                ^ zobrist::feature(F_TRICK + k, 60 + usize::from(s));
        }
        self.trick_len = 0;
        self.trick = [(0, Card::PLACEHOLDER); 4];
        self.trick_skipped = [0; 4];
        let wi = usize::from(w) % 4;
        self.tens[wi] = self.tens[wi].saturating_add(tens);
        self.tricks[wi] = self.tricks[wi].saturating_add(1);
    }

    // ------------------------------------------------------------------ protocol

    /// The seat to move in the uniform protocol: `nextMoveSeat`, except that a blocked rulebook
    /// 2p lead hands the move to the first seat (leader first) with a face-up Turup card.
    #[must_use]
    pub fn protocol_to_move(&self) -> Option<Seat> {
        if self.is_finished() {
            return None;
        }
        if self.lead_blocked() {
            let t = self.turup;
            for i in 0..2u8 {
                let s = (self.next + i) % 2;
                let base = usize::from(s) * 4;
                if (base..base + 4)
                    .any(|k| self.stacks[k].top().is_some_and(|c| Some(c.suit()) == t))
                {
                    return Some(s);
                }
            }
        }
        Some(self.next)
    }

    /// The legal moves of the uniform protocol: a pending 2p declaration (four suits), the
    /// engine's legal plays of the seat to move, then its possible Turup pickups.
    pub fn protocol_moves(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.four && !self.ghopte_pending() {
            // The common four-player case: follow the lead suit if able, in hand order.
            let hand = &self.hands[usize::from(self.next & 3)];
            let allowed = self.follow(hand.mask());
            let cards = hand.as_slice();
            out.reserve(cards.len());
            for &c in cards {
                if allowed.contains(c) {
                    out.push(Move::Play(c));
                }
            }
            return;
        }
        let Some(seat) = self.protocol_to_move() else {
            return;
        };
        if !self.four && self.turup.is_none() {
            if !self.all_hands_empty() && !self.stacks_dealt() && seat == self.next {
                out.extend(Suit::ALL.map(Move::Declare));
            }
            return;
        }
        let hand = self.hands[usize::from(seat)].as_slice();
        if self.four {
            if hand.is_empty() || seat != self.next {
                return;
            }
            if let Some(a) = self.active_ghopte() {
                let g = self.ghoptes[a];
                if g.seat == seat {
                    out.push(Move::Play(g.card));
                    return;
                }
                let own = self.own_pending_tens(seat);
                out.extend(
                    hand.iter()
                        .filter(|&&c| !own.contains(c))
                        .map(|&c| Move::Play(c)),
                );
                if out.is_empty() {
                    out.extend(hand.iter().map(|&c| Move::Play(c)));
                }
                return;
            }
            let legal = self.follow(self.hands[usize::from(seat)].mask());
            out.extend(
                hand.iter()
                    .filter(|&&c| legal.contains(c))
                    .map(|&c| Move::Play(c)),
            );
            return;
        }
        let mut buf = Vec::with_capacity(12);
        self.legal_plays_into(seat, &mut buf);
        out.extend(buf.iter().map(|&(c, _)| Move::Play(c)));
        if self.stacks_dealt() {
            let t = self.turup;
            let base = usize::from(seat) * 4;
            for k in base..base + 4 {
                if let Some(c) = self.stacks[k].top() {
                    if Some(c.suit()) == t {
                        out.push(Move::Pickup(c));
                    }
                }
            }
        }
    }

    /// Apply a protocol move (a play by the seat on turn, a pickup by the stack's owner, a
    /// declaration by the seat on turn).
    ///
    /// # Errors
    /// The engine's codes for a move that is not legal here; the state is then unchanged.
    pub fn apply_move(&mut self, mv: Move) -> Result<()> {
        match mv {
            Move::Play(c) => {
                if self.fast_play_four(c) {
                    Ok(())
                } else {
                    self.play_card_mut(i64::from(self.next), CardIn::card(c))
                }
            }
            Move::Pickup(c) => {
                let owner = (0..8usize)
                    .find(|&k| self.stacks[k].top() == Some(c))
                    .map_or(self.next, |k| u8::try_from(k / 4).unwrap_or(0));
                self.pickup_mut(SeatIn::from(owner), CardIn::card(c))
            }
            Move::Declare(s) => self.declare_turup_mut(SeatIn::from(self.next), Some(s), s.name()),
        }
    }

    /// Per-seat returns of a finished game from the tens and tricks taken: 4p 1 for each seat
    /// of the winning team (more tens; at 2–2 more tricks, seat 0's team on a tie) and 0 for
    /// the others; 2p 1/0 (more tens, then more tricks), 0.5 each for a draw. All zero while
    /// the game runs.
    #[must_use]
    pub fn returns(&self) -> [f32; 4] {
        if !self.is_finished() {
            return [0.0; 4];
        }
        let t = self.tens.map(i32::from);
        let k = self.tricks.map(i32::from);
        if self.four {
            let (a, b) = (t[0] + t[2], t[1] + t[3]);
            let first = a > b || (a == b && k[0] + k[2] >= k[1] + k[3]);
            if first {
                [1.0, 0.0, 1.0, 0.0]
            } else {
                [0.0, 1.0, 0.0, 1.0]
            }
        } else {
            match (t[0].cmp(&t[1])).then(k[0].cmp(&k[1])) {
                std::cmp::Ordering::Greater => [1.0, 0.0, 0.0, 0.0],
                std::cmp::Ordering::Less => [0.0, 1.0, 0.0, 0.0],
                std::cmp::Ordering::Equal => [0.5, 0.5, 0.0, 0.0],
            }
        }
    }

    /// `getRemainingCards2P`: the deck (or, unless it has 52 cards, the unshuffled deck) without
    /// the cards of both hands, in order.
    #[must_use]
    pub fn remaining_cards(&self, deck: Option<&[Card]>) -> Vec<Card> {
        let in_hands = self.hands[0].mask().union(self.hands[1].mask());
        let src = match deck {
            Some(d) if d.len() == 52 => d.to_vec(),
            _ => crate::cards::deck52(),
        };
        src.into_iter().filter(|&c| !in_hands.contains(c)).collect()
    }
}

/// The four-player random playout fast path (see below).
mod playout {
    // The four-player random playout fast path: uniform random plays made in place, move for move
    // identical to the protocol path (`protocol_moves` + `apply_move` with one `rng.index(n)` draw
    // per move over the legal moves in hand order), with less work per move.
    //
    // Each hand is kept as its cards in dealt order plus a presence mask over those positions, so a
    // play clears a bit instead of shifting the hand, and the legal plays are a position mask (the
    // hand, or its lead-suit part when it has one) whose `k`-th set bit is found with two table
    // look-ups, without building a move list. The lowest set position is the first move of the
    // protocol's list, so the `k`-th set bit is its `k`-th move. The trick winner is the shared
    // one, as in the protocol path. The incremental hash is not kept per move; the cards hash is
    // recomputed once when the hands are written back.

    use crate::cards::{Card, Suit, TEN};
    use crate::games::dalmara::{DalMara, Pile, Rules};
    use crate::rng::Rng;
    use crate::trick::natural_power;

    /// Most cards a hand may hold for the fast path (a dealt hand holds 13).
    const MAX_FAST: usize = 16;
    /// Suit slot meaning "no suit" (no lead).
    const NO_SUIT: usize = 4;

    /// Number of set bits of each byte.
    static POP8: [u8; 256] = {
        let mut t = [0u8; 256];
        let mut i = 0;
        while i < 256 {
            t[i] = (i as u32).count_ones() as u8;
            i += 1;
        }
        t
    };

    /// `SEL8[b][k]`: position of the `k`-th set bit (from the lowest) of byte `b`.
    static SEL8: [[u8; 8]; 256] = {
        let mut t = [[0u8; 8]; 256];
        let mut b = 0;
        while b < 256 {
            let mut k = 0;
            let mut bit = 0;
            while bit < 8 {
                if b & (1 << bit) != 0 {
                    t[b][k] = bit as u8;
                    k += 1;
                }
                bit += 1;
            }
            b += 1;
        }
        t
    };

    /// Number of set bits of a 16-bit mask.
    #[inline]
    fn pop16(m: u16) -> u32 {
        u32::from(POP8[usize::from(m & 0xFF)]) + u32::from(POP8[usize::from(m >> 8)])
    }

    /// Position of the `k`-th set bit (from the lowest) of `m`; `k < pop16(m)`.
    #[inline]
    fn select16(m: u16, k: u32) -> usize {
        let lo = u32::from(POP8[usize::from(m & 0xFF)]);
        // 1 when the bit is in the high byte; arithmetic, so no branch to mispredict.
        let high = u32::from(k >= lo);
        let byte = usize::from((m >> (8 * high)) & 0xFF);
        let kk = (k - lo * high) as usize & 7;
        usize::from(SEL8[byte][kk]) + 8 * high as usize
    }

    /// The hands of a position in fast form.
    struct Hands {
        /// Cards in dealt order.
        cards: [[Card; MAX_FAST]; 4],
        /// Positions still held.
        present: [u16; 4],
        /// Positions holding each suit (slot [`NO_SUIT`] is empty), held or not.
        suit_pos: [[u16; 5]; 4],
    }

    impl Hands {
        fn of(s: &DalMara) -> Option<Hands> {
            let mut h = Hands {
                cards: [[Card::PLACEHOLDER; MAX_FAST]; 4],
                present: [0; 4],
                suit_pos: [[0; 5]; 4],
            };
            for (seat, pile) in s.hands.iter().enumerate() {
                let cards = pile.as_slice();
                if cards.len() > MAX_FAST {
                    return None;
                }
                for (i, &c) in cards.iter().enumerate() {
                    h.cards[seat][i] = c;
                    h.suit_pos[seat][usize::from(c.suit().index())] |= 1 << i;
                }
                h.present[seat] = ((1u32 << cards.len()) - 1) as u16;
            }
            Some(h)
        }

        /// True when `seat` still holds a card of suit `t` (None: false).
        #[inline]
        fn holds(&self, seat: usize, t: Option<Suit>) -> bool {
            self.present[seat] & self.suit_pos[seat][t.map_or(NO_SUIT, |t| usize::from(t.index()))]
                != 0
        }

        fn write_back(&self, s: &mut DalMara) {
            for seat in 0..4 {
                let mut pile = Pile::default();
                let mut m = self.present[seat];
                while m != 0 {
                    let i = m.trailing_zeros() as usize;
                    pile.push(self.cards[seat][i]);
                    m &= m - 1;
                }
                s.hands[seat] = pile;
            }
            s.rehash();
        }
    }

    impl DalMara {
        /// Random plays of the four-player game made in place, as the protocol path would make
        /// them, until the game is over, `max` moves are made, or the fast path does not apply (a
        /// two-player game, a Ghopte pending, a hand of more than 16 cards, a seat on turn without a
        /// card). Returns the number of moves made (0 when the fast path does not apply here).
        pub(in crate::games::dalmara) fn random_plays_four(
            &mut self,
            rng: &mut Rng,
            max: u32,
        ) -> u32 {
            if !self.four || max == 0 || self.ghopte_pending() || self.is_finished() {
                return 0;
            }
            let Some(mut h) = Hands::of(self) else {
                return 0;
            };
            let engine = self.rules == Rules::Engine;
            let mut lead = self.lead;
            let mut turup = self.turup;
            let mut made = 0u32;
            // What the plays show, kept in a local for the loop and written back once.
            let mut seen = self.seen;
            loop {
                let s = self.next & 3;
                let hi = usize::from(s);
                let present = h.present[hi];
                let lead_slot = lead.map_or(NO_SUIT, |l| usize::from(l.index()));
                let follow = present & h.suit_pos[hi][lead_slot];
                let legal = if follow != 0 { follow } else { present };
                if legal == 0 {
                    break;
                }
                let n = pop16(legal);
                let k = rng.below(u64::from(n)) as u32;
                let pos = select16(legal, k);
                let c = h.cards[hi][pos];
                h.present[hi] = present & !(1 << pos);
                made += 1;

                // commit_play for a hand card of seat `s`.
                let cs = c.suit();
                let tl = usize::from(self.trick_len);
                let l = match (tl, lead) {
                    (0, _) => cs,
                    (_, Some(l)) => l,
                    (_, None) => self.trick[0].1.suit(),
                };
                seen.played(s, c);
                let old = turup;
                let mut new_t = old;
                if cs != l {
                    seen.void(s, l);
                    match old {
                        None => {
                            new_t = Some(cs);
                            if !engine {
                                self.turup_trick = Some(self.trick_number);
                            }
                        }
                        Some(t) if t != cs => {
                            // The engine keeps a Turup from an earlier trick while the trick
                            // holds no off-suit card yet; the rulebook's is fixed once its trick
                            // is over.
                            let open = if engine {
                                self.trick[..tl.min(4)].iter().any(|&(_, x)| x.suit() != l)
                            } else {
                                self.turup_trick == Some(self.trick_number)
                            };
                            if open {
                                // The outcome shows whether the seat still holds a Turup card.
                                if h.holds(hi, old) {
                                    seen.holds(s, t);
                                } else {
                                    seen.void(s, t);
                                    new_t = Some(cs);
                                }
                            }
                        }
                        Some(_) => {}
                    }
                }
                let makes = new_t != old && new_t == Some(cs);
                turup = new_t;
                if let Some(slot) = self.trick.get_mut(tl) {
                    *slot = (s, c);
                    self.trick_len += 1;
                }
                self.move_number = self.move_number.saturating_add(1);
                self.detail = Some((s, c, makes));
                self.is_ghopte = false;
                if self.trick_len == 4 {
                    let t = self.trick;
                    let cards = t.map(|(_, c)| c);
                    let won = DalMara::lead_card(Some(l)).and_then(|lead| {
                        DalMara::trick_rules(turup).winner_led(&cards, lead, natural_power)
                    });
                    let ws = t[won.unwrap_or(0) & 3].0;
                    let tens = cards.iter().map(|c| u8::from(c.rank() == TEN)).sum::<u8>();
                    self.trick_len = 0;
                    self.trick = [(0, Card::PLACEHOLDER); 4];
                    self.trick_skipped = [0; 4];
                    let wi = usize::from(ws & 3);
                    self.tens[wi] = self.tens[wi].saturating_add(tens);
                    self.tricks[wi] = self.tricks[wi].saturating_add(1);
                    self.next = ws;
                    if (h.present[0] | h.present[1] | h.present[2] | h.present[3]) == 0 {
                        self.play_number = 4;
                        lead = Some(l);
                        break;
                    }
                    self.trick_number = self.trick_number.saturating_add(1);
                    self.play_number = 0;
                    lead = None;
                } else {
                    self.next = (s + 1) & 3;
                    self.play_number = self.trick_len;
                    lead = Some(l);
                }
                if made >= max {
                    break;
                }
            }
            self.seen = seen;
            self.lead = lead;
            self.turup = turup;
            h.write_back(self);
            made
        }
    }
}
