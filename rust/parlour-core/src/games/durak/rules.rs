//! The pure rules functions of Game-Durak over a hand, a bout and a trump suit
//! (`Game::Durak::Rules` and `Game::Durak::Bout`): nothing here sees a game, a talon or a seed.

use super::card;

/// The most attack cards a bout may hold: `min(6, defender's hand when the bout opens)`.
#[must_use]
pub fn cap_for(size: usize) -> u8 {
    u8::try_from(size.min(6)).unwrap_or(6)
}

/// One bout: a fixed attacker and defender (0-based seats), a cap fixed when it opens, parallel
/// attack and beat slots (`0` = not yet answered) and the `taken` flag. `passed` and `chose_done`
/// track the throwers who have passed since the last card (only ever non-zero with three or more
/// seats, where several players may throw in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bout {
    /// The attacking seat (0-based).
    pub attacker: u8,
    /// The defending seat (0-based).
    pub defender: u8,
    /// The cap, fixed when the bout opened (changed only by a transfer).
    pub cap: u8,
    /// Number of attack cards.
    pub len: u8,
    /// Attack cards.
    pub attacks: [u8; 6],
    /// The answer to each attack card, 0 while unanswered.
    pub beats: [u8; 6],
    /// The defender has taken.
    pub taken: bool,
    /// Seats (bit per seat) that passed since the last card was thrown.
    pub passed: u8,
    /// Whether one of those passes was a chosen `done` (not a forced pass).
    pub chose_done: bool,
}

impl Bout {
    /// An empty bout.
    #[must_use]
    pub fn new(attacker: u8, defender: u8, cap: u8) -> Bout {
        Bout {
            attacker,
            defender,
            cap,
            len: 0,
            attacks: [0; 6],
            beats: [0; 6],
            taken: false,
            passed: 0,
            chose_done: false,
        }
    }
    /// Number of attack cards.
    #[must_use]
    pub fn size(&self) -> usize {
        usize::from(self.len.min(6))
    }
    /// `cap - size` (may be negative only in a constructed position).
    #[must_use]
    pub fn room(&self) -> i32 {
        i32::from(self.cap) - i32::from(self.len)
    }
    /// Index of the first unanswered attack card.
    #[must_use]
    pub fn unbeaten_index(&self) -> Option<usize> {
        (0..self.size()).find(|&i| self.beats[i] == 0)
    }
    /// The first unanswered attack card.
    #[must_use]
    pub fn unbeaten(&self) -> Option<u8> {
        self.unbeaten_index().map(|i| self.attacks[i])
    }
    /// True when no attack card is unanswered (true for an empty bout).
    #[must_use]
    pub fn all_beaten(&self) -> bool {
        self.unbeaten_index().is_none()
    }
    /// True when the bout holds no card.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// Attack cards then the answers, in order.
    #[must_use]
    pub fn cards(&self) -> Vec<u8> {
        let n = self.size();
        let mut v: Vec<u8> = self.attacks[..n].to_vec();
        v.extend(self.beats[..n].iter().copied().filter(|&b| b != 0));
        v
    }
    /// Every table card as a mask.
    #[must_use]
    pub fn mask(&self) -> u64 {
        let n = self.size();
        self.attacks[..n]
            .iter()
            .chain(&self.beats[..n])
            .fold(0, |m, &c| m | card::bit(c))
    }
    /// The ranks on the table (attacks and answers) as a mask of all cards of those ranks.
    #[must_use]
    pub fn ranks(&self) -> u64 {
        card::ranks_of(self.mask())
    }
    /// True when no attack card has been answered yet.
    #[must_use]
    pub fn none_beaten(&self) -> bool {
        self.beats[..self.size()].iter().all(|&b| b == 0)
    }
}

/// Cards of `hand` that may be thrown in: nothing when `room < 1`, the whole hand into an empty
/// bout, else the cards whose rank is on the table (answers included).
#[must_use]
pub fn legal_attacks(hand: u64, bout: &Bout) -> u64 {
    if bout.room() < 1 {
        0
    } else if bout.is_empty() {
        hand
    } else {
        hand & bout.ranks()
    }
}

/// Cards of `hand` that beat the first unanswered attack card (nothing when none waits).
#[must_use]
pub fn legal_beats(hand: u64, bout: &Bout, trump: u8) -> u64 {
    bout.unbeaten()
        .map_or(0, |a| hand & card::beaters(a, trump))
}

/// True when the seat on turn has no choice at all: no exchange, and no legal beat (`defend`)
/// or no legal throw (any other phase).
#[must_use]
pub fn forced(hand: u64, bout: &Bout, trump: u8, defend: bool, can_swap: bool) -> bool {
    if can_swap {
        false
    } else if defend {
        legal_beats(hand, bout, trump) == 0
    } else {
        legal_attacks(hand, bout) == 0
    }
}

/// How a bout ends without anybody choosing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum How {
    /// The attacker (or every thrower) chose to stop.
    Done,
    /// Nobody had a legal throw.
    Exhausted,
    /// The cap was reached with everything beaten and the defender still holds cards.
    Capped,
    /// Everything beaten and the defender's hand is empty.
    Spent,
    /// The defender took.
    Taken,
}

impl How {
    /// The reference's spelling.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            How::Done => "done",
            How::Exhausted => "exhausted",
            How::Capped => "capped",
            How::Spent => "spent",
            How::Taken => "taken",
        }
    }
}

/// `closes(bout, defender_size)`: `Spent` (checked first) or `Capped`, only for a bout that is
/// not taken, not empty and fully beaten.
#[must_use]
pub fn closes(bout: &Bout, defender_size: usize) -> Option<How> {
    if bout.taken || bout.is_empty() || !bout.all_beaten() {
        None
    } else if defender_size == 0 {
        Some(How::Spent)
    } else if bout.room() < 1 {
        Some(How::Capped)
    } else {
        None
    }
}

/// Seats (0-based) with no cards, in seat order; nobody while the talon has cards.
#[must_use]
pub fn out_seats(counts: &[usize], talon_left: usize) -> Vec<u8> {
    if talon_left > 0 {
        return Vec::new();
    }
    counts
        .iter()
        .enumerate()
        .filter(|(_, &n)| n == 0)
        .filter_map(|(i, _)| u8::try_from(i).ok())
        .collect()
}

/// The result of a finished deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One seat (0-based) still holds cards: the fool.
    Fool(u8),
    /// Every hand emptied on the same bout.
    Draw,
    /// A seat (0-based) resigned and is the fool.
    Resign(u8),
}

impl Outcome {
    /// The fool, if any.
    #[must_use]
    pub fn fool(self) -> Option<u8> {
        match self {
            Outcome::Fool(s) | Outcome::Resign(s) => Some(s),
            Outcome::Draw => None,
        }
    }
    /// `fool`, `draw` or `resign`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Fool(_) => "fool",
            Outcome::Draw => "draw",
            Outcome::Resign(_) => "resign",
        }
    }
}

/// `result_for(counts, talon_left)`: `None` while nobody is out (or, with three or more seats,
/// while two or more seats still hold cards); else the draw or the fool.
#[must_use]
pub fn result_for(counts: &[usize], talon_left: usize) -> Option<Outcome> {
    if out_seats(counts, talon_left).is_empty() {
        return None;
    }
    let holding: Vec<usize> = (0..counts.len()).filter(|&i| counts[i] > 0).collect();
    match holding.as_slice() {
        [] => Some(Outcome::Draw),
        [one] => u8::try_from(*one).ok().map(Outcome::Fool),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(names: &[&str]) -> u64 {
        names
            .iter()
            .map(|n| card::bit(card::id_of(n).unwrap()))
            .sum()
    }

    #[test]
    fn cap_and_bout() {
        assert_eq!([0, 1, 5, 6, 7, 12].map(cap_for), [0, 1, 5, 6, 6, 6]);
        let mut b = Bout::new(0, 1, 2);
        assert!(b.all_beaten() && b.is_empty());
        b.attacks[0] = card::id_of("AS").unwrap();
        b.len = 1;
        assert_eq!(legal_beats(m(&["6C", "7C"]), &b, 1), 0);
        assert!(forced(m(&["6C", "7C"]), &b, 1, true, false));
        assert!(!forced(m(&["6C", "7C"]), &b, 1, true, true));
        b.beats[0] = card::id_of("7C").unwrap();
        assert_eq!(legal_attacks(m(&["KH"]), &b), 0);
        assert!(forced(m(&["KH"]), &b, 1, false, false));
        assert_eq!(legal_attacks(m(&["7D", "KH", "AC"]), &b), m(&["7D", "AC"]));
        assert_eq!(closes(&b, 0), Some(How::Spent));
        assert_eq!(closes(&b, 3), None);
        b.cap = 1;
        assert_eq!(closes(&b, 3), Some(How::Capped));
        assert_eq!(legal_attacks(m(&["7D"]), &b), 0);
    }

    #[test]
    fn results() {
        assert_eq!(out_seats(&[0, 0], 0), vec![0, 1]);
        assert_eq!(out_seats(&[0, 0], 4), Vec::<u8>::new());
        assert_eq!(result_for(&[2, 3], 0), None);
        assert_eq!(result_for(&[0, 3], 0), Some(Outcome::Fool(1)));
        assert_eq!(result_for(&[0, 0], 0), Some(Outcome::Draw));
        assert_eq!(result_for(&[0, 3, 2], 0), None);
    }
}
