//! Green Hackenbush on a rooted multigraph: a move cuts one edge, and whatever
//! is no longer joined to the ground falls away. The ground is the vertex
//! labelled 0 ([`Hackenbush::new`]) or any other label
//! ([`Hackenbush::rooted`]: contest problems root their trees at vertex 1).
//!
//! Theory (Berlekamp, Conway and Guy, *Winning Ways*, vol. 1, ch. 7; the fusion
//! principle is proved in Conway, *On Numbers and Games*, ch. 7):
//! - the *colon principle*: a tree hanging from a vertex by one edge, worth `g`
//!   as a game rooted at its top, is worth `g + 1` hung by that edge; branches
//!   at a vertex add as nim-sums. So a tree is worth the nim-sum over the
//!   branches at its root of (value of the branch below + 1).
//! - the *fusion principle*: the vertices of a cycle may be fused into one
//!   without changing the value, each edge between them becoming a loop, worth
//!   1 (a stalk of one edge). Fusing every 2-edge-connected component (found
//!   from the bridges) turns the graph into a tree of bridges with loops at its
//!   vertices, valued by the colon principle.
//!
//! Edges not joined to the ground take no part in the game; they are counted
//! by [`Hackenbush::ignored_edges`].

use crate::game::{position_cost, Impartial, Outcome};
use crate::graph::bridges::EdgeComponents;
use crate::graph::{Adjacency, EdgeId, Graph, UnionFind, Vertex, NONE};
use crate::nimber::Nimber;
use crate::stop;

/// Green Hackenbush on a graph whose vertex labelled [`Hackenbush::ground`]
/// is the ground ([`Hackenbush::GROUND`], 0, unless the game is
/// [`rooted`](Hackenbush::rooted) elsewhere).
///
/// Positions of the rules ([`Impartial`]) are the sorted ids of the edges
/// left, all joined to the ground; [`Hackenbush::start`] is the whole graph.
/// The theory ([`Hackenbush::grundy`], [`Hackenbush::winning_moves`]) is about
/// the whole graph and is computed once, by [`Hackenbush::new`].
#[derive(Clone, Debug)]
pub struct Hackenbush {
    graph: Graph,
    /// The label of the ground vertex (which the graph may lack: then no
    /// edge is joined to it).
    ground: u64,
    /// The bridges and 2-edge-connected components of the part joined to the ground.
    components: EdgeComponents,
    /// At each component's head, the value of the part of the game from that
    /// head down (see [`fused_values`]).
    values: Vec<u64>,
}

impl Hackenbush {
    /// The label of the ground vertex of [`Hackenbush::new`].
    pub const GROUND: u64 = 0;

    /// The game on `graph` whose ground is the vertex labelled 0
    /// ([`Hackenbush::GROUND`]), with its bridges and values computed in
    /// O(V + E).
    pub fn new(graph: Graph) -> Hackenbush {
        Hackenbush::rooted(graph, Hackenbush::GROUND)
    }

    /// The game on `graph` whose ground is the vertex labelled `ground`, in
    /// O(V + E). A graph without that vertex has no edge joined to the
    /// ground: every edge is ignored and the game is worth 0.
    pub fn rooted(graph: Graph, ground: u64) -> Hackenbush {
        let root = graph.vertex(ground);
        let components = EdgeComponents::new(&graph.adjacency(), root, None);
        let values = fused_values(
            graph.edges(),
            &components,
            vec![0; graph.vertex_count()],
            None,
        );
        Hackenbush {
            graph,
            ground,
            components,
            values,
        }
    }

    /// The label of the ground vertex.
    pub fn ground(&self) -> u64 {
        self.ground
    }

    /// The graph played on.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The Grundy value of the whole graph.
    pub fn grundy(&self) -> Nimber {
        match self.components.order.first() {
            Some(&ground) => Nimber(self.values[ground as usize]),
            None => Nimber::ZERO,
        }
    }

    /// Who wins the whole graph.
    pub fn outcome(&self) -> Outcome {
        Outcome::of(self.grundy())
    }

    /// How many edges are not joined to the ground and so take no part.
    pub fn ignored_edges(&self) -> usize {
        self.graph
            .edges()
            .iter()
            .filter(|&&[u, _]| !self.components.is_reached(u))
            .count()
    }

    /// Every winning move: the edges whose cutting leaves a position of value
    /// 0, ascending by [`Graph::edge_labels`] and then by id (repeated edges
    /// are distinct moves to equal positions, so each is listed).
    ///
    /// Cutting a bridge changes the value of only the components on the path
    /// from it to the ground, so one pass from the ground down finds, for each
    /// component, the value its part must take for the whole to be worth 0
    /// (its *needed* value); every bridge is then checked in O(1).
    /// Cutting a loop only flips its component's parity. Cutting another edge
    /// of a cycle may split its component, which is fused again without that
    /// edge, with the parts hanging below it folded into weights: O(n + m) for
    /// a component of n vertices and m edges, so O(sum of m^2) over the
    /// components in all (O(E^2) when one component holds every edge), on top
    /// of O(V + E log E).
    pub fn winning_moves(&self) -> Vec<EdgeId> {
        self.moves_to(Nimber::ZERO)
    }

    /// Every move to a position of value `target`, in the order of
    /// [`winning_moves`](Self::winning_moves) (which are the moves to 0): the
    /// same pass, with the whole graph needing `target` instead of 0. None
    /// when the graph is worth `target` (no option has its position's value).
    pub fn moves_to(&self, target: Nimber) -> Vec<EdgeId> {
        if self.grundy() == target {
            return Vec::new();
        }
        let needed = self.needed_values(target.0);
        let mut moves = self.winning_bridges(&needed);
        moves.extend(self.winning_cycle_edges(&needed));
        moves.sort_unstable_by_key(|&e| (self.graph.edge_labels(e), e));
        moves
    }

    /// The position of the rules for the whole graph: every edge joined to
    /// the ground.
    pub fn start(&self) -> Vec<EdgeId> {
        let all: Vec<EdgeId> = (0..self.graph.edge_count() as EdgeId).collect();
        self.grounded(&all)
    }

    /// For each component head `h`, the value that the part of the game from
    /// `h` down must take after a move inside it for the whole to be worth
    /// `target`, if any value will do: `target` at the ground; below, the parent component's
    /// need, nim-added to its value without this branch, is what the branch
    /// (value + 1) must be worth, so the branch itself needs one less.
    fn needed_values(&self, target: u64) -> Vec<Option<u64>> {
        let found = &self.components;
        let mut needed = vec![None; self.graph.vertex_count()];
        for &h in found.order.iter().filter(|&&v| found.is_head(v)) {
            needed[h as usize] = match found.parent[h as usize] {
                NONE => Some(target),
                p => {
                    let x = found.head[p as usize] as usize;
                    let others = self.values[x] ^ stalk(self.values[h as usize]);
                    needed[x].and_then(|need: u64| (need ^ others).checked_sub(1))
                }
            };
        }
        needed
    }

    /// The bridges whose cutting leaves the component above worth what it needs.
    fn winning_bridges(&self, needed: &[Option<u64>]) -> Vec<EdgeId> {
        let found = &self.components;
        found
            .order
            .iter()
            .filter(|&&h| found.is_head(h) && found.parent[h as usize] != NONE)
            .filter(|&&h| {
                let x = found.head[found.parent[h as usize] as usize] as usize;
                needed[x] == Some(self.values[x] ^ stalk(self.values[h as usize]))
            })
            .map(|&h| found.parent_edge[h as usize])
            .collect()
    }

    /// The edges on cycles whose cutting leaves their component worth what it
    /// needs, one component at a time.
    fn winning_cycle_edges(&self, needed: &[Option<u64>]) -> Vec<EdgeId> {
        let found = &self.components;
        let mut by_component: Vec<(Vertex, EdgeId)> = self
            .cycle_edges()
            .map(|e| (found.head[self.graph.endpoints(e)[0] as usize], e))
            .filter(|&(h, _)| needed[h as usize].is_some())
            .collect();
        by_component.sort_unstable();
        let hanging = self.hanging_values();
        let mut local_ids = vec![NONE; self.graph.vertex_count()];
        let mut moves = Vec::new();
        for group in by_component.chunk_by(|a, b| a.0 == b.0) {
            let head = group[0].0;
            let edges: Vec<EdgeId> = group.iter().map(|&(_, e)| e).collect();
            let component = Component::new(&self.graph, head, &edges, &hanging, &mut local_ids);
            let need = needed[head as usize];
            moves.extend((0..edges.len()).filter_map(|i| {
                let value = if component.is_loop(i) {
                    self.values[head as usize] ^ 1
                } else {
                    component.value_without(i)
                };
                (Some(value) == need).then_some(edges[i])
            }));
        }
        moves
    }

    /// The edges joined to the ground that are not bridges.
    fn cycle_edges(&self) -> impl Iterator<Item = EdgeId> + '_ {
        let found = &self.components;
        (0..self.graph.edge_count() as EdgeId).filter(move |&e| {
            let ends = self.graph.endpoints(e);
            found.is_reached(ends[0]) && found.bridge_below(e, ends).is_none()
        })
    }

    /// At each vertex, the nim-sum of the branches hanging from it by bridges.
    fn hanging_values(&self) -> Vec<u64> {
        let found = &self.components;
        let mut hanging = vec![0; self.graph.vertex_count()];
        for &h in &found.order {
            let p = found.parent[h as usize];
            if found.is_head(h) && p != NONE {
                hanging[p as usize] ^= stalk(self.values[h as usize]);
            }
        }
        hanging
    }

    /// The position after cutting the `i`-th edge of `edges`: the edges
    /// still joined to the ground.
    fn cut(&self, edges: &[EdgeId], i: usize) -> Vec<EdgeId> {
        let mut rest = edges.to_vec();
        rest.remove(i);
        self.grounded(&rest)
    }

    /// The edges of `edges` still joined to the ground.
    fn grounded(&self, edges: &[EdgeId]) -> Vec<EdgeId> {
        let Some(ground) = self.graph.vertex(self.ground) else {
            return Vec::new();
        };
        let mut joined = UnionFind::new(self.graph.vertex_count());
        for &e in edges {
            let [u, v] = self.graph.endpoints(e);
            joined.union(u, v);
        }
        let ground = joined.find(ground);
        edges
            .iter()
            .copied()
            .filter(|&e| joined.find(self.graph.endpoints(e)[0]) == ground)
            .collect()
    }
}

impl Impartial for Hackenbush {
    type Position = Vec<EdgeId>;

    /// Option `i` cuts the `i`-th edge of the position.
    fn options(&self, edges: &Vec<EdgeId>) -> Vec<Vec<EdgeId>> {
        (0..edges.len()).map(|i| self.cut(edges, i)).collect()
    }

    /// The options one at a time, each costing the pass that makes it (over
    /// the position's edges and the graph's vertices), until past `most`: a
    /// path of 100,000 edges has options of 5 * 10^9 edges in all, which
    /// took 113 s and 20 GB to make before its budget was looked at.
    fn options_within(&self, edges: &Vec<EdgeId>, most: u64) -> Option<Vec<Vec<EdgeId>>> {
        let making = position_cost(edges) + (self.graph.vertex_count() as u64).div_ceil(16);
        let mut spent = 1u64;
        let mut options = Vec::new();
        for i in 0..edges.len() {
            spent = spent.saturating_add(making);
            if spent > most {
                return None;
            }
            stop::poll();
            options.push(self.cut(edges, i));
        }
        Some(options)
    }
}

/// The colon principle: a branch worth `value` at its top, hung from a vertex
/// by one more edge, is worth `value + 1` at that vertex.
fn stalk(value: u64) -> u64 {
    value + 1
}

/// The fusion and colon principles on the part of a graph reached in `found`
/// (without edge `skip`): given `weights`, a nim-value attached at each vertex,
/// returns at each component head the value of the game from that head down:
/// the nim-sum of the weights in its component, 1 for each edge inside it (a
/// loop once the component is fused), and `value + 1` for each component
/// hanging below it by a bridge. At vertices other than heads the result is a
/// partial sum with no meaning.
fn fused_values(
    edges: &[[Vertex; 2]],
    found: &EdgeComponents,
    weights: Vec<u64>,
    skip: Option<EdgeId>,
) -> Vec<u64> {
    let mut value = weights;
    for (e, &[u, v]) in edges.iter().enumerate() {
        let e = e as EdgeId;
        if Some(e) != skip && found.is_reached(u) && found.bridge_below(e, [u, v]).is_none() {
            value[u as usize] ^= 1;
        }
    }
    // Children come after their parents in preorder, so backwards each value
    // is complete before it is passed up.
    for &v in found.order.iter().rev() {
        let p = found.parent[v as usize];
        if p != NONE {
            let passed = match found.is_head(v) {
                true => stalk(value[v as usize]),
                false => value[v as usize],
            };
            value[p as usize] ^= passed;
        }
    }
    value
}

/// One 2-edge-connected component on its own: its vertices renumbered from 0,
/// its edges, and at each vertex the branches hanging from it as a weight.
struct Component {
    edges: Vec<[Vertex; 2]>,
    adjacency: Adjacency,
    weights: Vec<u64>,
    /// The local number of the component's head.
    head: Vertex,
}

impl Component {
    /// The component headed by `head` with edges `edges`; `local_ids` is
    /// scratch space, all `NONE` before and after.
    fn new(
        graph: &Graph,
        head: Vertex,
        edges: &[EdgeId],
        hanging: &[u64],
        local_ids: &mut [Vertex],
    ) -> Component {
        let mut vertices = vec![head];
        local_ids[head as usize] = 0;
        let mut local = |v: Vertex, vertices: &mut Vec<Vertex>| {
            if local_ids[v as usize] == NONE {
                local_ids[v as usize] = vertices.len() as Vertex;
                vertices.push(v);
            }
            local_ids[v as usize]
        };
        let edges: Vec<[Vertex; 2]> = edges
            .iter()
            .map(|&e| graph.endpoints(e).map(|v| local(v, &mut vertices)))
            .collect();
        for &v in &vertices {
            local_ids[v as usize] = NONE;
        }
        Component {
            adjacency: Adjacency::new(vertices.len(), &edges),
            weights: vertices.iter().map(|&v| hanging[v as usize]).collect(),
            edges,
            head: 0,
        }
    }

    /// Whether local edge `i` is a loop.
    fn is_loop(&self, i: usize) -> bool {
        self.edges[i][0] == self.edges[i][1]
    }

    /// The value of the component with its branches, without local edge `i`.
    fn value_without(&self, i: usize) -> u64 {
        // O(n + m) each, m times for a component: the one quadratic part.
        stop::poll();
        let skip = Some(i as EdgeId);
        let found = EdgeComponents::new(&self.adjacency, Some(self.head), skip);
        fused_values(&self.edges, &found, self.weights.clone(), skip)[self.head as usize]
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::solve::Memo;
    use proptest::prelude::*;

    fn game(edges: &[[u64; 2]]) -> Hackenbush {
        Hackenbush::new(Graph::from_edges(edges).unwrap())
    }

    /// Holds the value, the ignored edges, the winning moves and the moves to
    /// every value up to the value + 2 (the moves of a sum's component) against
    /// memoised search over the rules.
    fn check(edges: &[[u64; 2]]) {
        let hackenbush = game(edges);
        let value = hackenbush.grundy();
        let moves = hackenbush.winning_moves();
        let to_values: Vec<Vec<EdgeId>> = (0..=value.0 + 2)
            .map(|t| hackenbush.moves_to(Nimber(t)))
            .collect();
        let ignored = hackenbush.ignored_edges();
        let mut memo = Memo::new(hackenbush);
        let start = memo.game().start();
        assert_eq!(memo.grundy(&start).unwrap(), value, "value of {edges:?}");
        assert_eq!(ignored, edges.len() - start.len(), "ignored in {edges:?}");
        let options = memo.game().options(&start);
        assert_eq!(moves, to_values[0], "{edges:?}");
        for (t, found) in to_values.into_iter().enumerate() {
            let mut expected: Vec<EdgeId> = start
                .iter()
                .zip(&options)
                .filter(|(_, option)| memo.grundy(option).unwrap() == Nimber(t as u64))
                .map(|(&e, _)| e)
                .collect();
            let mut found = found;
            found.sort_unstable();
            expected.sort_unstable();
            assert_eq!(found, expected, "moves of {edges:?} to value {t}");
        }
    }

    /// Every multiset of `count` edges (loops included) on vertices `0..n`.
    fn multigraphs(n: u64, count: usize) -> Vec<Vec<[u64; 2]>> {
        let pairs: Vec<[u64; 2]> = (0..n).flat_map(|u| (u..n).map(move |v| [u, v])).collect();
        let mut layer: Vec<(usize, Vec<[u64; 2]>)> = vec![(0, vec![])];
        for _ in 0..count {
            layer = layer
                .iter()
                .flat_map(|(first, edges)| {
                    (*first..pairs.len()).map(|i| {
                        let mut edges = edges.clone();
                        edges.push(pairs[i]);
                        (i, edges)
                    })
                })
                .collect();
        }
        layer.into_iter().map(|(_, edges)| edges).collect()
    }

    #[test]
    fn theory_matches_the_rules_on_all_small_multigraphs() {
        for count in 0..=7 {
            for edges in multigraphs(5, count) {
                check(&edges);
            }
        }
    }

    #[test]
    fn classic_values() {
        let stalk: Vec<[u64; 2]> = (0..5).map(|i| [i, i + 1]).collect();
        assert_eq!(game(&stalk).grundy(), Nimber(5));
        assert_eq!(game(&[[0, 1], [1, 2], [2, 0]]).grundy(), Nimber(1));
        assert_eq!(game(&[[0, 1], [1, 0]]).grundy(), Nimber(0));
        assert_eq!(game(&[[0, 0], [0, 1], [1, 1]]).grundy(), Nimber(1 ^ 2));
        // A triangle on a stalk of one edge: its three loops are worth 1, so 1 + 1.
        assert_eq!(game(&[[0, 1], [1, 2], [2, 3], [3, 1]]).grundy(), Nimber(2));
    }

    #[test]
    fn a_graph_off_the_ground_is_ignored() {
        let hackenbush = game(&[[1, 2], [2, 3], [5, 5]]);
        assert_eq!(hackenbush.grundy(), Nimber(0));
        assert_eq!(hackenbush.ignored_edges(), 3);
        assert!(hackenbush.winning_moves().is_empty());
        assert!(hackenbush.start().is_empty());
    }

    #[test]
    fn the_edge_opposite_the_ground_wins_an_odd_cycle() {
        let n = 2001;
        let cycle: Vec<[u64; 2]> = (0..n).map(|i| [i, (i + 1) % n]).collect();
        let hackenbush = game(&cycle);
        assert_eq!(hackenbush.grundy(), Nimber(1));
        let moves = hackenbush.winning_moves();
        assert_eq!(moves.len(), 1);
        assert_eq!(hackenbush.graph().edge_labels(moves[0]), [1000, 1001]);
    }

    #[test]
    fn a_million_edges_do_not_overflow_the_stack() {
        let n = 1_000_000;
        let path: Vec<[u64; 2]> = (0..n).map(|i| [i + 1, i]).collect();
        let hackenbush = game(&path);
        assert_eq!(hackenbush.grundy(), Nimber(n));
        assert_eq!(hackenbush.winning_moves(), [0]);
        let cycle: Vec<[u64; 2]> = (0..=n).map(|i| [i, (i + 1) % (n + 1)]).collect();
        assert_eq!(game(&cycle).grundy(), Nimber(1));
    }

    #[test]
    fn options_within_a_budget_are_the_options_or_none_soon() {
        let small = game(&[[0, 1], [1, 2], [2, 0], [2, 3]]);
        let start = small.start();
        assert_eq!(
            small.options_within(&start, u64::MAX),
            Some(small.options(&start))
        );
        assert_eq!(small.options_within(&start, 1), None);
        // 5 * 10^9 edges of options: refused before they are made.
        let n = 100_000;
        let path: Vec<[u64; 2]> = (0..n).map(|i| [i + 1, i]).collect();
        let long = game(&path);
        let started = std::time::Instant::now();
        assert_eq!(long.options_within(&long.start(), 1 << 22), None);
        assert!(started.elapsed() < std::time::Duration::from_secs(5));
    }

    /// The cut game straight from its rules, with no graph theory: the edges
    /// left as a bit mask; a cut removes one edge, then every edge no longer
    /// joined to the vertex labelled `ground` by the edges left falls.
    /// Memoised per mask: the normal-play value and whether the player to
    /// move wins misère play.
    pub(crate) struct CutGame {
        edges: Vec<[u64; 2]>,
        ground: u64,
        solved: std::collections::HashMap<u32, (u64, bool)>,
    }

    impl CutGame {
        pub(crate) fn new(edges: &[[u64; 2]], ground: u64) -> CutGame {
            assert!(edges.len() < 32);
            CutGame {
                edges: edges.to_vec(),
                ground,
                solved: Default::default(),
            }
        }

        /// The edges of `mask` joined to the ground by edges of `mask`.
        fn grounded(&self, mask: u32) -> u32 {
            let mut reached = vec![self.ground];
            let mut kept = 0u32;
            let mut grew = true;
            while grew {
                grew = false;
                for (i, [u, v]) in self.edges.iter().enumerate() {
                    let bit = 1 << i;
                    let touches = reached.contains(u) || reached.contains(v);
                    if mask & bit != 0 && kept & bit == 0 && touches {
                        kept |= bit;
                        reached.extend([*u, *v]);
                        grew = true;
                    }
                }
            }
            kept
        }

        /// The whole graph, less the edges not joined to the ground.
        pub(crate) fn start(&self) -> u32 {
            self.grounded(((1u64 << self.edges.len()) - 1) as u32)
        }

        /// The position after cutting edge `i` of `mask`.
        pub(crate) fn cut(&self, mask: u32, i: usize) -> u32 {
            self.grounded(mask & !(1 << i))
        }

        /// Every cut of `mask`: the edge's index and the position it leaves.
        pub(crate) fn options(&self, mask: u32) -> Vec<(usize, u32)> {
            (0..self.edges.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| (i, self.cut(mask, i)))
                .collect()
        }

        /// The normal-play value of `mask` and whether the player to move
        /// wins it under misère play.
        pub(crate) fn solve(&mut self, mask: u32) -> (u64, bool) {
            if let Some(&known) = self.solved.get(&mask) {
                return known;
            }
            let solved: Vec<(u64, bool)> = self
                .options(mask)
                .into_iter()
                .map(|(_, option)| self.solve(option))
                .collect();
            let value = (0..).find(|v| solved.iter().all(|s| s.0 != *v)).unwrap();
            let misere_wins = solved.is_empty() || solved.iter().any(|s| !s.1);
            self.solved.insert(mask, (value, misere_wins));
            (value, misere_wins)
        }

        /// The normal-play value of `mask`.
        pub(crate) fn grundy(&mut self, mask: u32) -> u64 {
            self.solve(mask).0
        }
    }

    /// `edges` with the labels `ground` and 0 swapped: the same game rooted at 0.
    fn swapped(edges: &[[u64; 2]], ground: u64) -> Vec<[u64; 2]> {
        let swap = |l: u64| match l {
            l if l == ground => 0,
            0 => ground,
            l => l,
        };
        edges.iter().map(|e| e.map(swap)).collect()
    }

    /// The game rooted at `ground` against the cut game searched from its
    /// rules (value, edges ignored, the start, and the moves to each value up
    /// to value + 2), and against the same graph relabelled so that the
    /// ground is 0, played by [`Hackenbush::new`].
    fn check_rooted(edges: &[[u64; 2]], ground: u64) {
        let rooted = Hackenbush::rooted(Graph::from_edges(edges).unwrap(), ground);
        assert_eq!(rooted.ground(), ground);
        let at_zero = game(&swapped(edges, ground));
        let mut rules = CutGame::new(edges, ground);
        let start = rules.start();
        let value = rules.grundy(start);
        let what = format!("{edges:?} rooted at {ground}");
        assert_eq!(rooted.grundy(), Nimber(value), "value of {what}");
        assert_eq!(
            at_zero.grundy(),
            Nimber(value),
            "value of {what}, relabelled"
        );
        let ignored = edges.len() - start.count_ones() as usize;
        assert_eq!(rooted.ignored_edges(), ignored, "ignored in {what}");
        assert_eq!(
            at_zero.ignored_edges(),
            ignored,
            "ignored in {what}, relabelled"
        );
        let ids: Vec<EdgeId> = (0..edges.len() as EdgeId)
            .filter(|&e| start >> e & 1 == 1)
            .collect();
        assert_eq!(rooted.start(), ids, "start of {what}");
        assert_eq!(rooted.winning_moves(), rooted.moves_to(Nimber::ZERO));
        for t in 0..=value + 2 {
            let expected: Vec<EdgeId> = ids
                .iter()
                .copied()
                .filter(|&e| {
                    let option = rules.cut(start, e as usize);
                    rules.grundy(option) == t
                })
                .collect();
            for (found, how) in [
                (rooted.moves_to(Nimber(t)), ""),
                (at_zero.moves_to(Nimber(t)), ", relabelled"),
            ] {
                let mut found = found;
                found.sort_unstable();
                assert_eq!(found, expected, "moves of {what} to {t}{how}");
            }
        }
    }

    #[test]
    fn a_ground_elsewhere_matches_the_cut_game_on_all_small_multigraphs() {
        for count in 0..=6 {
            for edges in multigraphs(4, count) {
                // Ground 4 is in none of these graphs: every edge is ignored.
                for ground in 0..=4 {
                    check_rooted(&edges, ground);
                }
            }
        }
    }

    #[test]
    fn a_tree_rooted_at_one_is_valued_from_vertex_one() {
        // From 1: the branches 1 - 2 (1), 1 - 3 - 4 (2) and 1 - 0 (1): 1 ^ 2 ^ 1.
        // From 0: one edge up to 1, where 1 ^ 2 is hung: (1 ^ 2) + 1.
        let edges = [[1, 2], [1, 3], [3, 4], [1, 0]];
        let rooted = |g| Hackenbush::rooted(Graph::from_edges(&edges).unwrap(), g);
        assert_eq!(rooted(1).grundy(), Nimber(2));
        assert_eq!(rooted(0).grundy(), Nimber(4));
        assert_eq!(game(&edges).grundy(), Nimber(4));
        assert_eq!(rooted(1).ground(), 1);
        assert_eq!(game(&edges).ground(), Hackenbush::GROUND);
        // The winning move from 1: cut 1 - 2 or 1 - 0 leaves 1 ^ 2 ^ 0 = 3, no;
        // cut 3 - 4 leaves 1 ^ 1 ^ 1 = 1, no; cut 1 - 3 leaves 1 ^ 1 = 0.
        let moves = rooted(1).winning_moves();
        assert_eq!(moves, [1]);
        // A ground not in the graph: nothing is joined to it.
        assert_eq!(rooted(9).grundy(), Nimber(0));
        assert_eq!(rooted(9).ignored_edges(), 4);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]
        #[test]
        fn theory_matches_the_rules_on_random_multigraphs(
            edges in proptest::collection::vec((0u64..7, 0u64..7), 0..10)
        ) {
            let edges: Vec<[u64; 2]> = edges.into_iter().map(|(u, v)| [u, v]).collect();
            check(&edges);
        }

        #[test]
        fn a_ground_elsewhere_matches_the_cut_game_on_random_multigraphs(
            edges in proptest::collection::vec((0u64..7, 0u64..7), 0..10),
            ground in 0u64..8,
        ) {
            let edges: Vec<[u64; 2]> = edges.into_iter().map(|(u, v)| [u, v]).collect();
            check_rooted(&edges, ground);
        }
    }
}
