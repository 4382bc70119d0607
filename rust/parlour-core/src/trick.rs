//! Trick resolution, written once for every trick-taking game.
//!
//! A game describes its trick rules with a [`TrickRules`]: the set of cards that are trumps
//! (a whole suit in bridge or Dal Mara, the suit plus every seven and jack in Gyla, nothing in
//! no-trump) and a [`FollowPolicy`]. Cards are grouped into *effective suits*: every trump is in
//! the trump group; every other card is in its printed suit's group. The led group is the group
//! of the first card of the trick.
//!
//! * [`TrickRules::legal`] answers "which cards may this hand play to this trick".
//! * [`TrickRules::winner`] answers "who wins this trick", given the game's card order as a
//!   power function (higher wins; only compared within a group).

use crate::cards::{Card, CardSet, Suit};

/// What a hand must play to a trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FollowPolicy {
    /// Follow the led group if able, else play anything (bridge, whist). When trumps are led
    /// the led group is the trump group, so "trump led means play trump if able" is implied.
    FollowSuit,
    /// Follow the led group if able, else play a trump if able, else anything.
    FollowElseTrump,
}

/// The trick rules of a game in a given deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TrickRules {
    /// Every card that counts as trump.
    pub trumps: CardSet,
    /// What must be played.
    pub policy: FollowPolicy,
}

impl TrickRules {
    /// Rules with a whole trump suit (or none for no-trump) and a policy.
    #[must_use]
    pub fn with_trump_suit(trump: Option<Suit>, policy: FollowPolicy) -> TrickRules {
        TrickRules {
            trumps: trump.map_or(CardSet::EMPTY, CardSet::suit_mask),
            policy,
        }
    }

    /// The effective-suit group of `card`: the trump set if it is a trump, else its suit
    /// minus the trumps.
    #[must_use]
    pub fn group_of(&self, card: Card) -> CardSet {
        if self.trumps.contains(card) {
            self.trumps
        } else {
            CardSet::suit_mask(card.suit()).difference(self.trumps)
        }
    }

    /// The cards of `hand` that may be played when `lead` was led (`None`: leading, anything).
    #[must_use]
    pub fn legal(&self, hand: CardSet, lead: Option<Card>) -> CardSet {
        let Some(lead) = lead else { return hand };
        let follow = hand.intersection(self.group_of(lead));
        if !follow.is_empty() {
            return follow;
        }
        if self.policy == FollowPolicy::FollowElseTrump {
            let trumps = hand.intersection(self.trumps);
            if !trumps.is_empty() {
                return trumps;
            }
        }
        hand
    }

    /// Does `challenger` beat `best` (the current winner of a trick led with `lead`)?
    #[must_use]
    pub fn beats(
        &self,
        challenger: Card,
        best: Card,
        lead: Card,
        power: impl Fn(Card) -> u32,
    ) -> bool {
        let c_trump = self.trumps.contains(challenger);
        let b_trump = self.trumps.contains(best);
        match (c_trump, b_trump) {
            (true, false) => true,
            (false, true) => false,
            (true, true) => power(challenger) > power(best),
            (false, false) => {
                let led = self.group_of(lead);
                led.contains(challenger) && (!led.contains(best) || power(challenger) > power(best))
            }
        }
    }

    /// Index into `cards` (in play order, `cards[0]` led) of the winning card, or `None` for an
    /// empty trick.
    #[must_use]
    pub fn winner(&self, cards: &[Card], power: impl Fn(Card) -> u32) -> Option<usize> {
        self.winner_led(cards, *cards.first()?, power)
    }

    /// [`TrickRules::winner`] of a trick whose led group is `lead`'s rather than the first
    /// card's (Dal Mara: a Ghopte trick is led in the declared ten's suit, and hand-made
    /// notation may store a lead suit no card of the trick has). `None` for an empty trick.
    #[must_use]
    pub fn winner_led(
        &self,
        cards: &[Card],
        lead: Card,
        power: impl Fn(Card) -> u32,
    ) -> Option<usize> {
        cards.first()?;
        let mut best = 0;
        for (i, &c) in cards.iter().enumerate().skip(1) {
            if self.beats(c, cards[best], lead, &power) {
                best = i;
            }
        }
        Some(best)
    }
}

/// The natural card order: two lowest, ace highest.
#[must_use]
pub fn natural_power(card: Card) -> u32 {
    u32::from(card.rank())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::Spelling;

    fn c(s: &str) -> Card {
        Card::parse(s, Spelling::Bridge).unwrap()
    }

    #[test]
    fn follow_suit_and_winner() {
        let rules = TrickRules::with_trump_suit(Some(Suit::Hearts), FollowPolicy::FollowSuit);
        let hand = CardSet::from_cards(&[c("S2"), c("H3"), c("D4")]);
        assert_eq!(
            rules.legal(hand, Some(c("SA"))),
            CardSet::from_cards(&[c("S2")])
        );
        assert_eq!(rules.legal(hand, Some(c("CA"))), hand);
        let trick = [c("SA"), c("S2"), c("H2"), c("SK")];
        assert_eq!(rules.winner(&trick, natural_power), Some(2));
        let nt = TrickRules::with_trump_suit(None, FollowPolicy::FollowSuit);
        assert_eq!(nt.winner(&trick, natural_power), Some(0));
        assert_eq!(nt.winner(&[], natural_power), None);
    }

    #[test]
    fn must_trump_policy_and_card_trumps() {
        // Gyla-like: every seven is a trump too.
        let sevens = CardSet::rank_mask(crate::cards::SEVEN);
        let rules = TrickRules {
            trumps: CardSet::suit_mask(Suit::Clubs).union(sevens),
            policy: FollowPolicy::FollowElseTrump,
        };
        let hand = CardSet::from_cards(&[c("S7"), c("D9")]);
        // Spades led: the seven of spades is a trump, not a spade, so the hand is void in
        // spades and must trump.
        assert_eq!(
            rules.legal(hand, Some(c("SA"))),
            CardSet::from_cards(&[c("S7")])
        );
    }
}
