//! A record of moves that positions share: each position keeps the moves that led to it, a new
//! position adds one, and any position may be branched from.
//!
//! A Python-side loop makes one position per move, so adding a move must not allocate. The record is
//! a chain of chunks; a position holds its chunk and how many of the chunk's items are its own.
//! A move made from the position whose items end the chunk (the usual case: play goes on from
//! the newest position) is written into the chunk in place; a move made from any other position
//! (a branch) or onto a full chunk starts a new chunk that refers back to the old one at that
//! position's length. So adding a move is O(1) whether or not it branches, and a chunk is
//! allocated every [`CHUNK`] moves of straight play instead of once a move.

use std::sync::{Arc, Mutex, PoisonError};

/// The most items of one chunk.
const CHUNK: usize = 64;

/// Items, and the chunk before them with how many of its items come first.
struct Chunk<T> {
    before: Option<(Arc<Chunk<T>>, u32)>,
    /// Items before this chunk's own (the length of the record at `before`).
    offset: u32,
    /// Written only at the end (one position at a time may extend it), never changed.
    items: Mutex<Vec<T>>,
}

impl<T> Drop for Chunk<T> {
    /// Unlink the chain a chunk at a time, so that a long record never recurses deeply.
    fn drop(&mut self) {
        let mut next = self.before.take();
        while let Some((chunk, _)) = next {
            next = Arc::into_inner(chunk).and_then(|mut c| c.before.take());
        }
    }
}

/// The moves that led to one position (see the module doc); cheap to clone.
pub struct Trail<T> {
    chunk: Arc<Chunk<T>>,
    /// The chunk's items that belong to this record: `items[..len]`.
    len: u32,
}

impl<T> Clone for Trail<T> {
    fn clone(&self) -> Self {
        Trail {
            chunk: Arc::clone(&self.chunk),
            len: self.len,
        }
    }
}

impl<T: Copy> Trail<T> {
    /// The record `before` (None: no moves) with `item` added.
    #[must_use]
    pub fn push(before: Option<&Trail<T>>, item: T) -> Trail<T> {
        if let Some(t) = before {
            let mut items = t.chunk.items.lock().unwrap_or_else(PoisonError::into_inner);
            if items.len() == t.len as usize && items.len() < CHUNK {
                items.push(item);
                return Trail {
                    chunk: Arc::clone(&t.chunk),
                    len: t.len + 1,
                };
            }
        }
        let mut items = Vec::with_capacity(4);
        items.push(item);
        Trail {
            chunk: Arc::new(Chunk {
                before: before.map(|t| (Arc::clone(&t.chunk), t.len)),
                offset: before.map_or(0, Trail::count),
                items: Mutex::new(items),
            }),
            len: 1,
        }
    }

    /// How many moves the record holds.
    #[must_use]
    pub fn count(&self) -> u32 {
        self.chunk.offset + self.len
    }

    /// The newest move.
    #[must_use]
    pub fn last(&self) -> Option<T> {
        let items = self
            .chunk
            .items
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        (self.len as usize)
            .checked_sub(1)
            .and_then(|i| items.get(i).copied())
    }

    /// The moves, oldest first.
    #[must_use]
    pub fn to_vec(&self) -> Vec<T> {
        let mut parts: Vec<(&Chunk<T>, u32)> = vec![(&self.chunk, self.len)];
        let mut at = self.chunk.before.as_ref();
        while let Some((chunk, len)) = at {
            parts.push((chunk, *len));
            at = chunk.before.as_ref();
        }
        let mut out = Vec::with_capacity(self.count() as usize);
        for (chunk, len) in parts.into_iter().rev() {
            let items = chunk.items.lock().unwrap_or_else(PoisonError::into_inner);
            out.extend(items.iter().take(len as usize).copied());
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn build(n: u32) -> Vec<Trail<u32>> {
        let mut out: Vec<Trail<u32>> = Vec::new();
        for i in 0..n {
            let t = Trail::push(out.last(), i);
            out.push(t);
        }
        out
    }

    #[test]
    fn straight_play_keeps_every_prefix() {
        let all = build(300);
        for (k, t) in all.iter().enumerate() {
            assert_eq!(t.count() as usize, k + 1);
            assert_eq!(t.to_vec(), (0..=k as u32).collect::<Vec<_>>());
            assert_eq!(t.last(), Some(k as u32));
        }
    }

    #[test]
    fn branches_do_not_disturb_each_other() {
        let all = build(100);
        // branch at every position, twice, and check everything after
        let mut branches = Vec::new();
        for (k, t) in all.iter().enumerate() {
            let a = Trail::push(Some(t), 1000 + k as u32);
            let b = Trail::push(Some(t), 2000 + k as u32);
            let a2 = Trail::push(Some(&a), 3000);
            branches.push((k, a, b, a2));
        }
        for (k, t) in all.iter().enumerate() {
            assert_eq!(t.to_vec(), (0..=k as u32).collect::<Vec<_>>());
        }
        for (k, a, b, a2) in &branches {
            let base: Vec<u32> = (0..=*k as u32).collect();
            let with = |x: &[u32]| [base.as_slice(), x].concat();
            assert_eq!(a.to_vec(), with(&[1000 + *k as u32]));
            assert_eq!(b.to_vec(), with(&[2000 + *k as u32]));
            assert_eq!(a2.to_vec(), with(&[1000 + *k as u32, 3000]));
            assert_eq!(a2.count() as usize, k + 3);
        }
    }

    #[test]
    fn a_long_chain_drops_without_deep_recursion() {
        // one chunk a move (every move branches from a position that is not the newest)
        let mut t = Trail::push(None, 0u8);
        for _ in 0..200_000 {
            let _newer = Trail::push(Some(&t), 1);
            t = Trail::push(Some(&t), 2);
        }
        assert_eq!(t.count(), 200_001);
        drop(t);
    }
}
