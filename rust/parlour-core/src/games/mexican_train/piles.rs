//! Where every tile of a round lies, in one flat inline buffer: the hands, the trains and the
//! boneyard are consecutive segments of it. A position is then copied without any allocation
//! (Python-side loops copy one per move).

/// More than the most tiles a round holds (the double-fifteen set less the engine double).
const CAP: usize = 136;
/// The most segments: 8 hands, 9 trains and the boneyard.
const SEGS: usize = 18;

/// The hands (segments `0..n`), the trains (`n..=2n`) and the boneyard (`2n + 1`), each in
/// order, one after another. Bytes past the last segment are always zero, so the derived
/// equality and hash see the segments only.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct Piles {
    buf: [u8; CAP],
    /// The end of each segment in `buf`; entries past the last segment are zero.
    ends: [u8; SEGS],
    segs: u8,
}

impl Piles {
    /// `n` empty hands, `n + 1` empty trains and an empty boneyard.
    pub(super) fn new(n: usize) -> Piles {
        Piles {
            buf: [0; CAP],
            ends: [0; SEGS],
            segs: u8::try_from(2 * n + 2).unwrap_or(0),
        }
    }

    fn start(&self, k: usize) -> usize {
        if k == 0 {
            0
        } else {
            usize::from(self.ends[k - 1])
        }
    }

    fn total(&self) -> usize {
        usize::from(self.ends[usize::from(self.segs) - 1])
    }

    /// Segment `k`.
    pub(super) fn seg(&self, k: usize) -> &[u8] {
        &self.buf[self.start(k)..usize::from(self.ends[k])]
    }

    /// Segment `k` is empty.
    pub(super) fn is_empty(&self, k: usize) -> bool {
        self.start(k) == usize::from(self.ends[k])
    }

    /// The last item of segment `k`.
    pub(super) fn last(&self, k: usize) -> Option<u8> {
        let end = usize::from(self.ends[k]);
        (end > self.start(k)).then(|| self.buf[end - 1])
    }

    /// Refill every segment from `parts` (one slice a segment, in segment order).
    pub(super) fn fill<'a>(&mut self, parts: impl IntoIterator<Item = &'a [u8]>) {
        self.buf = [0; CAP];
        let mut at = 0;
        for (k, part) in parts.into_iter().enumerate() {
            self.buf[at..at + part.len()].copy_from_slice(part);
            at += part.len();
            self.ends[k] = u8::try_from(at).unwrap_or(u8::MAX);
        }
    }

    /// Take the item at `pos` of segment `k` out.
    pub(super) fn remove(&mut self, k: usize, pos: usize) -> u8 {
        let at = self.start(k) + pos;
        let total = self.total();
        let item = self.buf[at];
        self.buf.copy_within(at + 1..total, at);
        self.buf[total - 1] = 0;
        for e in &mut self.ends[k..usize::from(self.segs)] {
            *e -= 1;
        }
        item
    }

    /// Add `item` at the end of segment `k`.
    pub(super) fn push(&mut self, k: usize, item: u8) {
        let at = usize::from(self.ends[k]);
        let total = self.total();
        self.buf.copy_within(at..total, at + 1);
        self.buf[at] = item;
        for e in &mut self.ends[k..usize::from(self.segs)] {
            *e += 1;
        }
    }

    /// Replace segment `k` with `items` (tests set up positions with it).
    #[cfg(test)]
    pub(super) fn set(&mut self, k: usize, items: &[u8]) {
        let parts: Vec<Vec<u8>> = (0..usize::from(self.segs))
            .map(|j| {
                if j == k {
                    items.to_vec()
                } else {
                    self.seg(j).to_vec()
                }
            })
            .collect();
        self.fill(parts.iter().map(Vec::as_slice));
    }
}
