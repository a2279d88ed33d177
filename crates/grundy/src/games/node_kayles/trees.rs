//! Node Kayles on trees, by rooted canonical forms (AHU).
//!
//! Every rooted tree met is interned: its id is that of the sorted ids of the
//! subtrees below its root, so two rooted trees have one id exactly when they
//! are isomorphic. Choosing a vertex of a tree leaves a forest whose trees are
//! all pieces of the tree rooted where they were cut off: the subtrees below
//! the grandchildren of the vertex, below the siblings of the vertex, and the
//! rest of the tree above the parent, rooted at the grandparent. Once the ids
//! below every vertex and above every vertex (rerooting) are known, a move
//! costs a look-up per piece and builds nothing. A path of `n` thus costs
//! about `n^2` steps (its `n` sub-path lengths, `n` moves each), not the
//! `n^3` of building each piece's graph to key it.
//!
//! One proven reduction keeps the trees small: a vertex with `k >= 3` leaves
//! hanging from it has the value it has with `k - 2` of them (see
//! [`Trees::intern`]); each tree is interned with the leaves of every vertex so
//! reduced, which keeps its value.
//!
//! A tree's value is kept by its id and by its least id rooted at a centre
//! (the same for every rooting of one tree), so a tree met with another root
//! is not searched again. The search is iterative (no recursion at any depth)
//! and its memory is counted against the budget.

use super::{Budget, NodeKaylesBudget, Table};
use crate::nimber::MexSet;

/// The id of the tree of one vertex (interned first).
const LEAF: u32 = 0;

/// Not a vertex: the parent of the root.
const NONE: u32 = u32::MAX;

/// Not yet known: the value of a tree not searched yet.
const UNKNOWN: u32 = u32::MAX;

/// The rooted trees met by one search and the values of those searched.
#[derive(Debug)]
pub(super) struct Trees {
    /// The sorted ids of the subtrees below the root of each interned tree.
    below: Vec<Box<[u32]>>,
    /// The id of each list of subtrees interned.
    ids: Table<Box<[u32]>, u32>,
    /// The value of each interned tree (unrooted), or [`UNKNOWN`].
    values: Vec<u32>,
    /// The values of the trees searched, by their least id at a centre.
    by_centre: Table<u32, u32>,
}

/// A tree rooted at vertex 0, its vertices numbered parents first.
#[derive(Debug)]
struct Rooted {
    /// The parent of each vertex ([`NONE`] for the root).
    parent: Vec<u32>,
    /// The children of each vertex, by ascending id of their subtrees.
    children: Vec<Vec<u32>>,
    /// The id of the subtree below each vertex.
    down: Vec<u32>,
    /// The id of the rest of the tree above each vertex other than the root
    /// (all but the subtree below it), rooted at its parent; [`NONE`] where
    /// no move needs it (the root, and leaves).
    up: Vec<u32>,
}

/// A tree being searched: its id, the key its value is kept by, and the
/// pieces each move leaves.
struct Frame {
    id: u32,
    centre: u32,
    moves: Vec<Vec<u32>>,
}

impl Trees {
    /// No tree but the one of a single vertex.
    pub(super) fn new() -> Trees {
        let mut trees = Trees {
            below: Vec::new(),
            ids: Table::default(),
            values: Vec::new(),
            by_centre: Table::default(),
        };
        let leaf = trees
            .intern(Vec::new(), &mut Budget::default())
            .expect("one word fits any budget");
        debug_assert_eq!(leaf, LEAF);
        trees
    }

    /// How many rooted trees were interned.
    pub(super) fn len(&self) -> usize {
        self.below.len()
    }

    /// The id of the rooted tree whose root has the subtrees `below`.
    ///
    /// Leaves are reduced first: `k >= 3` leaves under one vertex count as
    /// `k - 2`. Proof, by induction on the graph (any graph): let `u` have
    /// pendant leaves `l1..lk`, `k >= 3`, and let `G'` be `G` without `l1, l2`.
    /// Choosing `u` leaves the same graph in both; choosing a vertex not
    /// adjacent to `u` keeps `u` and its leaves, a smaller such pair; choosing
    /// a leaf or another neighbour of `u` removes `u` and leaves the other
    /// leaves as lone vertices, `k - 1` (or `k`) in `G` and two fewer in `G'`,
    /// of equal value (a lone vertex is `*1`); `G'` still has a leaf to choose.
    /// So the options have the same values, and so do `G` and `G'`.
    fn intern(
        &mut self,
        mut below: Vec<u32>,
        budget: &mut Budget,
    ) -> Result<u32, NodeKaylesBudget> {
        below.sort_unstable();
        let leaves = below.iter().take_while(|&&id| id == LEAF).count();
        if leaves >= 3 {
            below.drain(..leaves - 2 + leaves % 2);
        }
        if let Some(&id) = self.ids.get(below.as_slice()) {
            return Ok(id);
        }
        // The list twice (in `below` and as a key), two boxes and their
        // allocations, the id, the value and the table's spare room.
        budget.store(2 * below.len() + 16)?;
        let id = self.below.len() as u32;
        let below: Box<[u32]> = below.into();
        self.ids.insert(below.clone(), id);
        self.below.push(below);
        self.values.push(UNKNOWN);
        Ok(id)
    }

    /// The value of the tree given by its adjacency lists (connected, acyclic).
    pub(super) fn value_of(
        &mut self,
        adjacency: &[Vec<u32>],
        budget: &mut Budget,
    ) -> Result<u32, NodeKaylesBudget> {
        let (rooted, _) = self.root(adjacency, budget)?;
        self.value(rooted.down[0], budget)
    }

    /// The value of the tree given by its adjacency lists, and the value of
    /// what choosing each of its vertices leaves, by vertex.
    pub(super) fn solve(
        &mut self,
        adjacency: &[Vec<u32>],
        budget: &mut Budget,
    ) -> Result<(u32, Vec<u32>), NodeKaylesBudget> {
        let (rooted, original) = self.root(adjacency, budget)?;
        let twins = twins(&rooted);
        let mut after = vec![0; adjacency.len()];
        let mut seen = MexSet::default();
        for v in 0..adjacency.len() {
            let twin = twins[v] as usize;
            after[original[v] as usize] = if twin == v {
                let pieces = self.pieces(&rooted, v as u32);
                pieces
                    .iter()
                    .try_fold(0, |x, &p| Ok(x ^ self.value(p, budget)?))?
            } else {
                after[original[twin] as usize]
            };
            seen.insert(after[original[v] as usize].into());
        }
        Ok((seen.mex() as u32, after))
    }

    /// The tree rooted at vertex 0 of `adjacency`, renumbered parents first,
    /// its subtrees interned; and the vertex of `adjacency` each vertex is.
    fn root(
        &mut self,
        adjacency: &[Vec<u32>],
        budget: &mut Budget,
    ) -> Result<(Rooted, Vec<u32>), NodeKaylesBudget> {
        let n = adjacency.len();
        let mut number = vec![NONE; n];
        let mut original = vec![0u32];
        let mut parent = vec![NONE];
        number[0] = 0;
        let mut next = 0;
        while next < original.len() {
            let v = original[next] as usize;
            for &w in &adjacency[v] {
                if number[w as usize] == NONE {
                    number[w as usize] = original.len() as u32;
                    original.push(w);
                    parent.push(next as u32);
                }
            }
            next += 1;
        }
        let mut children = vec![Vec::new(); n];
        for v in 1..n {
            children[parent[v] as usize].push(v as u32);
        }
        let mut down = vec![LEAF; n];
        for v in (0..n).rev() {
            let below = children[v].iter().map(|&c| down[c as usize]).collect();
            down[v] = self.intern(below, budget)?;
            children[v].sort_by_key(|&c| down[c as usize]);
        }
        let mut rooted = Rooted {
            parent,
            children,
            down,
            up: Vec::new(),
        };
        self.fill_up(&mut rooted, budget)?;
        Ok((rooted, original))
    }

    /// The interned tree `id`, rooted at vertex 0; the trees above its
    /// vertices are not interned yet (`up` is empty).
    fn materialise(&self, id: u32) -> Rooted {
        let mut down = vec![id];
        let mut parent = vec![NONE];
        let mut children = Vec::new();
        let mut next = 0;
        while next < down.len() {
            let first = down.len() as u32;
            let below = &self.below[down[next] as usize];
            down.extend_from_slice(below);
            parent.extend(std::iter::repeat(next as u32).take(below.len()));
            children.push((first..down.len() as u32).collect());
            next += 1;
        }
        Rooted {
            parent,
            children,
            down,
            up: Vec::new(),
        }
    }

    /// Interns the tree above each inner vertex other than the root: the
    /// other subtrees of its parent and the tree above the parent, rooted at
    /// the parent. Siblings with one subtree id share it.
    fn fill_up(
        &mut self,
        rooted: &mut Rooted,
        budget: &mut Budget,
    ) -> Result<(), NodeKaylesBudget> {
        let n = rooted.parent.len();
        rooted.up = vec![NONE; n];
        for p in 0..n {
            let mut previous: Option<u32> = None;
            for i in 0..rooted.children[p].len() {
                let x = rooted.children[p][i] as usize;
                if rooted.children[x].is_empty() {
                    continue;
                }
                if let Some(twin) = previous.filter(|&t| rooted.down[t as usize] == rooted.down[x])
                {
                    rooted.up[x] = rooted.up[twin as usize];
                    continue;
                }
                let mut rest: Vec<u32> = rooted.children[p]
                    .iter()
                    .enumerate()
                    .filter(|&(j, _)| j != i)
                    .map(|(_, &s)| rooted.down[s as usize])
                    .collect();
                if rooted.parent[p] != NONE {
                    rest.push(rooted.up[p]);
                }
                rooted.up[x] = self.intern(rest, budget)?;
                previous = Some(x as u32);
            }
        }
        Ok(())
    }

    /// The ids of the trees choosing `v` leaves: the subtrees below its
    /// grandchildren and its siblings, and the tree above its parent.
    fn pieces(&self, rooted: &Rooted, v: u32) -> Vec<u32> {
        let v = v as usize;
        let mut pieces = Vec::new();
        for &c in &rooted.children[v] {
            pieces.extend(
                rooted.children[c as usize]
                    .iter()
                    .map(|&g| rooted.down[g as usize]),
            );
        }
        let p = rooted.parent[v];
        if p != NONE {
            let p = p as usize;
            pieces.extend(
                rooted.children[p]
                    .iter()
                    .filter(|&&s| s as usize != v)
                    .map(|&s| rooted.down[s as usize]),
            );
            if rooted.parent[p] != NONE {
                pieces.push(rooted.up[p]);
            }
        }
        pieces
    }

    /// The least id of the tree rooted at one of its centres.
    fn centre_id(&mut self, rooted: &Rooted, budget: &mut Budget) -> Result<u32, NodeKaylesBudget> {
        let mut least = u32::MAX;
        for c in centres(rooted) {
            let c = c as usize;
            let mut below: Vec<u32> = rooted.children[c]
                .iter()
                .map(|&x| rooted.down[x as usize])
                .collect();
            if rooted.parent[c] != NONE {
                // The tree above c rooted at its parent is the one subtree c
                // gains by becoming the root.
                below.push(self.above(rooted, c, budget)?);
            }
            least = least.min(self.intern(below, budget)?);
        }
        Ok(least)
    }

    /// The tree above `x` (not the root), rooted at its parent, interned
    /// down the path from the root to `x` (its `up` need not be filled: a
    /// tree searched under another root is found without interning the trees
    /// above every vertex).
    fn above(
        &mut self,
        rooted: &Rooted,
        x: usize,
        budget: &mut Budget,
    ) -> Result<u32, NodeKaylesBudget> {
        let mut path = vec![x];
        while let Some(&y) = path.last().filter(|&&y| rooted.parent[y] != 0) {
            path.push(rooted.parent[y] as usize);
        }
        let mut up = NONE;
        for &y in path.iter().rev() {
            let p = rooted.parent[y] as usize;
            let mut rest: Vec<u32> = rooted.children[p]
                .iter()
                .filter(|&&s| s as usize != y)
                .map(|&s| rooted.down[s as usize])
                .collect();
            if up != NONE {
                rest.push(up);
            }
            up = self.intern(rest, budget)?;
        }
        Ok(up)
    }

    /// The value of the interned tree `id`: the mex over its moves of the
    /// nim-sum of the pieces each leaves, searched depth first with a stack
    /// of its own (pieces not yet valued are searched before the tree).
    fn value(&mut self, id: u32, budget: &mut Budget) -> Result<u32, NodeKaylesBudget> {
        let mut stack: Vec<(u32, Option<Frame>)> = vec![(id, None)];
        while let Some((top, frame)) = stack.pop() {
            match frame {
                Some(frame) => {
                    budget.release(frame.moves.iter().map(Vec::len).sum::<usize>());
                    self.settle(&frame);
                }
                // Met twice: valued the first time.
                None if self.values[top as usize] != UNKNOWN => {}
                None => {
                    if let Some(frame) = self.expand(top, budget)? {
                        let unknown: Vec<u32> = frame
                            .moves
                            .iter()
                            .flatten()
                            .copied()
                            .filter(|&p| self.values[p as usize] == UNKNOWN)
                            .collect();
                        stack.push((top, Some(frame)));
                        stack.extend(unknown.into_iter().map(|p| (p, None)));
                    }
                }
            }
        }
        Ok(self.values[id as usize])
    }

    /// The pieces of every move of the tree `id` (one move per class of
    /// twin vertices), or none when the tree was searched under another root.
    fn expand(&mut self, id: u32, budget: &mut Budget) -> Result<Option<Frame>, NodeKaylesBudget> {
        let mut rooted = self.materialise(id);
        let centre = self.centre_id(&rooted, budget)?;
        if let Some(&value) = self.by_centre.get(&centre) {
            self.values[id as usize] = value;
            return Ok(None);
        }
        self.fill_up(&mut rooted, budget)?;
        let twins = twins(&rooted);
        let moves: Vec<Vec<u32>> = (0..rooted.parent.len() as u32)
            .filter(|&v| twins[v as usize] == v)
            .map(|v| self.pieces(&rooted, v))
            .collect();
        // The pieces until the tree is settled; its entry by centre after.
        budget.store(moves.iter().map(Vec::len).sum::<usize>() + 3)?;
        Ok(Some(Frame { id, centre, moves }))
    }

    /// Values a tree whose pieces are all valued.
    fn settle(&mut self, frame: &Frame) {
        let mut seen = MexSet::default();
        for pieces in &frame.moves {
            let value = pieces.iter().fold(0, |x, &p| x ^ self.values[p as usize]);
            seen.insert(value.into());
        }
        let value = seen.mex() as u32;
        self.values[frame.id as usize] = value;
        self.by_centre.insert(frame.centre, value);
    }
}

/// For each vertex, the first of its siblings with the same subtree id (an
/// automorphism swaps them, so choosing either leaves the same value).
fn twins(rooted: &Rooted) -> Vec<u32> {
    let mut twins: Vec<u32> = (0..rooted.parent.len() as u32).collect();
    for children in &rooted.children {
        for pair in children.windows(2) {
            if rooted.down[pair[0] as usize] == rooted.down[pair[1] as usize] {
                twins[pair[1] as usize] = twins[pair[0] as usize];
            }
        }
    }
    twins
}

/// The centre (or the two centres) of a rooted tree: what is left after
/// peeling leaves layer by layer.
fn centres(rooted: &Rooted) -> Vec<u32> {
    let n = rooted.parent.len();
    let neighbours = |v: usize| {
        let parent = rooted.parent[v];
        rooted.children[v]
            .iter()
            .copied()
            .chain((parent != NONE).then_some(parent))
    };
    let mut degree: Vec<usize> = (0..n).map(|v| neighbours(v).count()).collect();
    let mut layer: Vec<u32> = (0..n as u32).filter(|&v| degree[v as usize] <= 1).collect();
    let mut left = n;
    while left > 2 {
        left -= layer.len();
        let mut next = Vec::new();
        for &v in &layer {
            for w in neighbours(v as usize) {
                degree[w as usize] -= 1;
                if degree[w as usize] == 1 {
                    next.push(w);
                }
            }
        }
        layer = next;
    }
    layer
}
