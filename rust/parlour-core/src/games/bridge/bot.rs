//! The computer player of the play: a one-card heuristic without look-ahead.

use super::BridgePlay;
use crate::cards::{Card, CardSet, Suit};
use crate::game::GameState;
use crate::trick::natural_power;

impl BridgePlay {
    /// The built-in computer player: a simple card-play heuristic (no look-ahead). Leading:
    /// the top card of the longest side suit (lowest trump when only trumps are left).
    /// Following: the lowest card when partner is winning the trick; otherwise the cheapest
    /// card that wins it, else the lowest card (discarding from side suits before trumps).
    #[must_use]
    pub fn heuristic_move(&self) -> Option<Card> {
        if self.is_terminal() {
            return None;
        }
        let seat = self.seat_to_move();
        let hand = self.play.hand(seat);
        let rules = self.play.rules();
        let trumps = rules.trumps;
        let lowest = |set: CardSet| set.iter().min_by_key(|c| (trumps.contains(*c), c.rank()));
        let Some(lead) = self.play.lead() else {
            let side = hand.difference(trumps);
            if side.is_empty() {
                return lowest(hand);
            }
            let suit = Suit::ALL
                .into_iter()
                .max_by_key(|s| (side.of_suit(*s).len(), 4 - s.index()))?;
            return side.of_suit(suit).iter().max_by_key(|c| c.rank());
        };
        let legal = rules.legal(hand, Some(lead));
        let cards = self.trick();
        let best = rules.winner(cards, natural_power).unwrap_or(0);
        let best_seat = (self.leader() + u8::try_from(best).unwrap_or(0)) % 4;
        if best_seat % 2 == seat % 2 {
            return lowest(legal);
        }
        let winning = legal
            .iter()
            .filter(|c| rules.beats(*c, cards[best], lead, natural_power));
        winning
            .min_by_key(|c| (trumps.contains(*c), c.rank()))
            .or_else(|| lowest(legal))
    }
}
