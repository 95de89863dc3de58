//! A small map kept as a vector sorted by key: the stream diagnostics' name tables (event
//! names, field names, counters), which are bounded to a few hundred entries and written in
//! key order. Lookups are binary searches; an insert shifts the entries after it, which the
//! tables' caps keep cheap. It stands in for `BTreeMap`/`BTreeSet` there because their code
//! weighs several kilobytes in the worker's module for tables this small.

use std::borrow::Borrow;

/// Entries in key order, each key once.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SortedMap<K, V> {
    entries: Vec<(K, V)>,
}

/// Keys in order, each once.
pub type SortedSet<K> = SortedMap<K, ()>;

impl<K, V> Default for SortedMap<K, V> {
    fn default() -> Self {
        SortedMap {
            entries: Vec::new(),
        }
    }
}

impl<K: Ord, V> SortedMap<K, V> {
    pub fn new() -> Self {
        Self::default()
    }

    fn find<Q: Ord + ?Sized>(&self, key: &Q) -> Result<usize, usize>
    where
        K: Borrow<Q>,
    {
        self.entries.binary_search_by(|(k, _)| k.borrow().cmp(key))
    }

    pub fn get<Q: Ord + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.find(key).ok().map(|i| &self.entries[i].1)
    }

    pub fn get_mut<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
    {
        match self.find(key) {
            Ok(i) => Some(&mut self.entries[i].1),
            Err(_) => None,
        }
    }

    /// Puts `value` under `key`; true when the key was new (else the value is replaced).
    pub fn insert(&mut self, key: K, value: V) -> bool {
        match self.find(&key) {
            Ok(i) => {
                self.entries[i].1 = value;
                false
            }
            Err(i) => {
                self.entries.insert(i, (key, value));
                true
            }
        }
    }

    /// The value under `key`, put there as `V::default()` first when there is none.
    pub fn get_or_default(&mut self, key: K) -> &mut V
    where
        V: Default,
    {
        let i = match self.find(&key) {
            Ok(i) => i,
            Err(i) => {
                self.entries.insert(i, (key, V::default()));
                i
            }
        };
        &mut self.entries[i].1
    }

    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries in key order.
    pub fn iter(&self) -> impl Iterator<Item = (&K, &V)> {
        self.entries.iter().map(|(k, v)| (k, v))
    }

    pub fn keys(&self) -> impl Iterator<Item = &K> {
        self.entries.iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl Iterator<Item = &V> {
        self.entries.iter().map(|(_, v)| v)
    }
}

impl<K: Ord> SortedMap<K, ()> {
    /// Adds `key` to the set; true when it was not there.
    pub fn add(&mut self, key: K) -> bool {
        self.insert(key, ())
    }

    pub fn contains<Q: Ord + ?Sized>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.find(key).is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    /// Whatever the order of inserts, the map holds what a BTreeMap holds, in its order.
    #[test]
    fn agrees_with_a_btree_map() {
        let mut seed = 7u64;
        let mut ours: SortedMap<String, u64> = SortedMap::new();
        let mut theirs: BTreeMap<String, u64> = BTreeMap::new();
        for i in 0..2_000u64 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let key = format!("k{}", (seed >> 33) % 300);
            match i % 3 {
                0 => assert_eq!(ours.insert(key.clone(), i), theirs.insert(key, i).is_none()),
                1 => *ours.get_or_default(key.clone()) += 1,
                _ => {
                    if let Some(v) = ours.get_mut(key.as_str()) {
                        *v += 5;
                    }
                    if let Some(v) = theirs.get_mut(key.as_str()) {
                        *v += 5;
                    }
                }
            }
            if i % 3 == 1 {
                let key = format!("k{}", (seed >> 33) % 300);
                *theirs.entry(key).or_default() += 1;
            }
        }
        let ours: Vec<_> = ours.iter().map(|(k, v)| (k.clone(), *v)).collect();
        let theirs: Vec<_> = theirs.into_iter().collect();
        assert_eq!(ours, theirs);
    }

    #[test]
    fn a_set_holds_each_key_once_in_order() {
        let mut set: SortedSet<&str> = SortedSet::new();
        assert!(set.add("b"));
        assert!(set.add("a"));
        assert!(!set.add("b"));
        assert!(set.contains("a") && !set.contains("c"));
        assert_eq!(set.keys().copied().collect::<Vec<_>>(), ["a", "b"]);
        assert_eq!((set.len(), set.is_empty()), (2, false));
    }
}
