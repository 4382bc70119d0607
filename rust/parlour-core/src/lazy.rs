//! The legal moves of an immutable position, listed on first use and kept for the calls that
//! follow, in safe code and without a lock.
//!
//! A Python loop lists a position's moves (`legal_moves()`), then applies one of them
//! (`apply_index(i)`): the binding keeps the list in the position between the two calls. The
//! position is shared with Python, so the list is filled through `&self`; a `OnceLock` would do,
//! but its slow path costs about a hundred instructions a move in such a loop. A
//! [`LazyMoves`] holds the moves packed in 16-bit atomics instead ([`Packed`]).

use std::marker::PhantomData;
use std::sync::atomic::{AtomicU16, AtomicU8, Ordering};

/// A move that fits in 16 bits, so that a [`LazyMoves`] can keep it.
pub trait Packed: Copy {
    /// The move as 16 bits.
    fn pack(self) -> u16;
    /// The move that [`Packed::pack`] made `bits` of.
    fn unpack(bits: u16) -> Self;
}

/// The legal moves of an immutable position, listed on first use and kept.
///
/// No lock is needed because listing is deterministic: two threads that list the same position
/// at once store the same values, and a reader sees the length only after the moves it covers
/// (release and acquire), so it never sees a list that is not the position's. A list longer
/// than `N` is not kept: [`LazyMoves::keep`] returns it as a fresh [`Moves::Long`].
pub struct LazyMoves<const N: usize> {
    /// [`UNLISTED`] until the moves are kept, then their number.
    len: AtomicU8,
    items: [AtomicU16; N],
}

/// [`LazyMoves::len`] before the moves are kept.
const UNLISTED: u8 = u8::MAX;

impl<const N: usize> LazyMoves<N> {
    /// Refuses, at compile time, a room that the length byte cannot count.
    const ROOM: () = assert!(
        N < UNLISTED as usize,
        "a kept list is shorter than 255 moves"
    );

    /// Nothing listed yet.
    #[must_use]
    pub const fn new() -> Self {
        let () = Self::ROOM;
        LazyMoves {
            len: AtomicU8::new(UNLISTED),
            items: [const { AtomicU16::new(0) }; N],
        }
    }

    /// The moves once kept, else None.
    pub fn kept<T: Packed>(&self) -> Option<Moves<'_, T>> {
        let n = self.len.load(Ordering::Acquire);
        let items = self.items.get(..usize::from(n)).filter(|_| n != UNLISTED)?;
        Some(Moves::Kept(items, PhantomData))
    }

    /// Keep `moves` (the position's legal moves) when they fit, and return them.
    pub fn keep<T: Packed>(&self, moves: &[T]) -> Moves<'_, T> {
        match (self.items.get(..moves.len()), u8::try_from(moves.len())) {
            (Some(slots), Ok(n)) => {
                for (slot, m) in slots.iter().zip(moves) {
                    slot.store(m.pack(), Ordering::Relaxed);
                }
                self.len.store(n, Ordering::Release);
                Moves::Kept(slots, PhantomData)
            }
            _ => Moves::Long(moves.iter().map(|m| AtomicU16::new(m.pack())).collect()),
        }
    }
}

impl<const N: usize> Default for LazyMoves<N> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const N: usize> Clone for LazyMoves<N> {
    /// A copy lists its moves again (on first use).
    fn clone(&self) -> Self {
        Self::new()
    }
}

/// A position's legal moves, packed, as [`LazyMoves`] keeps them or listed afresh.
pub enum Moves<'a, T> {
    /// Kept.
    Kept(&'a [AtomicU16], PhantomData<T>),
    /// Too many to keep.
    Long(Vec<AtomicU16>),
}

impl<T: Packed> Moves<'_, T> {
    fn slots(&self) -> &[AtomicU16] {
        match self {
            Moves::Kept(items, _) => items,
            Moves::Long(v) => v,
        }
    }

    /// The number of moves.
    #[must_use]
    pub fn len(&self) -> usize {
        self.slots().len()
    }

    /// True when there is no move (the game is over).
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.slots().is_empty()
    }

    /// The `i`-th move.
    #[must_use]
    pub fn get(&self, i: usize) -> Option<T> {
        self.slots()
            .get(i)
            .map(|m| T::unpack(m.load(Ordering::Relaxed)))
    }

    /// The moves in order, packed.
    pub fn bits(&self) -> impl ExactSizeIterator<Item = u16> + Clone + '_ {
        self.slots().iter().map(|m| m.load(Ordering::Relaxed))
    }

    /// The moves in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = T> + Clone + '_ {
        self.bits().map(T::unpack)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Clone, Copy, Debug, PartialEq)]
    struct M(u16);

    impl Packed for M {
        fn pack(self) -> u16 {
            self.0 ^ 0x5a5a
        }
        fn unpack(bits: u16) -> M {
            M(bits ^ 0x5a5a)
        }
    }

    fn listed(m: &Moves<'_, M>) -> Vec<M> {
        (0..m.len()).filter_map(|i| m.get(i)).collect()
    }

    #[test]
    fn kept_after_keep_and_not_before() {
        let lazy = LazyMoves::<4>::new();
        assert!(lazy.kept::<M>().is_none());
        let moves = [M(3), M(0), M(65535)];
        let first = lazy.keep(&moves);
        assert!(matches!(first, Moves::Kept(..)));
        assert_eq!(listed(&first), moves);
        let again = lazy.kept::<M>().expect("kept");
        assert_eq!(listed(&again), moves);
        assert_eq!(again.get(3), None);
        let bits: Vec<u16> = again.bits().collect();
        assert_eq!(bits, moves.map(M::pack));
    }

    #[test]
    fn no_moves_is_a_kept_empty_list() {
        let lazy = LazyMoves::<4>::new();
        assert!(lazy.keep::<M>(&[]).is_empty());
        assert_eq!(lazy.kept::<M>().map(|m| m.len()), Some(0));
    }

    #[test]
    fn a_list_too_long_is_returned_and_not_kept() {
        let lazy = LazyMoves::<2>::new();
        let moves = [M(1), M(2), M(3)];
        let long = lazy.keep(&moves);
        assert!(matches!(long, Moves::Long(_)));
        assert_eq!(listed(&long), moves);
        assert_eq!(long.bits().collect::<Vec<_>>(), moves.map(M::pack));
        assert!(lazy.kept::<M>().is_none());
        // a list that fits exactly is kept
        assert_eq!(listed(&lazy.keep(&moves[..2])), moves[..2]);
        assert!(lazy.kept::<M>().is_some());
    }

    #[test]
    fn a_clone_lists_again() {
        let lazy = LazyMoves::<4>::new();
        lazy.keep(&[M(7)]);
        assert!(lazy.clone().kept::<M>().is_none());
    }

    #[test]
    fn threads_keeping_at_once_agree() {
        let moves: Vec<M> = (0..40).map(|i| M(i * 977)).collect();
        for _ in 0..50 {
            let lazy = LazyMoves::<40>::new();
            std::thread::scope(|s| {
                for _ in 0..4 {
                    s.spawn(|| {
                        let seen = lazy.kept::<M>().unwrap_or_else(|| lazy.keep(&moves));
                        assert_eq!(listed(&seen), moves);
                    });
                }
            });
            assert_eq!(listed(&lazy.kept::<M>().expect("kept")), moves);
        }
    }
}
