//! What compiled code runs on: values held by type, the variables of the
//! calls under way, the buffers kept between calls, and the counts that the
//! sandbox's limits bound.
//!
//! Each type has its own stack of variables, so that an integer is a plain
//! `i64` and a position a plain `Vec<i64>`. Arrays are values, copied on
//! assignment, as in Rhai; the buffers of arrays that die are kept for the
//! next ones, so that a call that builds a thousand positions allocates
//! nothing once the first calls have run.

use crate::limits::{SCRIPT_ARRAY_SIZE, SCRIPT_CALL_DEPTH, SCRIPT_OPERATIONS};
use crate::stop;

use super::lower::Method;
use super::types::Ty;
use super::{BUILT_LIMIT, POLL_INTERVAL};

/// How a piece of code ends, other than with a value. A `return`'s value
/// waits in [`Machine`]'s return slot of its type.
#[derive(Debug)]
pub(super) enum Ctl {
    Break,
    Continue,
    Return,
    /// The call must run on Rhai instead ([`super::Fallback`]).
    Fall,
}

pub(super) type Flow<T> = Result<T, Ctl>;

/// A compiled expression or statement giving a `T`.
pub(super) type Code<T> = Box<dyn Fn(&mut Run<'_>) -> Flow<T> + Send + Sync>;

/// An array of arrays of integers, one after the other in one buffer.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct Rows {
    ints: Vec<i64>,
    /// Where each row ends in `ints`.
    ends: Vec<usize>,
}

impl Rows {
    pub(super) fn len(&self) -> usize {
        self.ends.len()
    }

    fn start(&self, i: usize) -> usize {
        if i == 0 {
            0
        } else {
            self.ends[i - 1]
        }
    }

    /// The integers of all rows, one after the other.
    pub(super) fn integers(&self) -> &[i64] {
        &self.ints
    }

    /// Where each row ends among [`Rows::integers`].
    pub(super) fn ends(&self) -> &[usize] {
        &self.ends
    }

    pub(super) fn row(&self, i: usize) -> &[i64] {
        &self.ints[self.start(i)..self.ends[i]]
    }

    pub(super) fn rows(&self) -> impl Iterator<Item = &[i64]> {
        (0..self.len()).map(|i| self.row(i))
    }

    /// Its elements, nested ones included, as Rhai counts an array's size.
    pub(super) fn weight(&self) -> usize {
        self.ends.len() + self.ints.len()
    }

    pub(super) fn push(&mut self, row: &[i64]) {
        // Most rows are a few integers: a call of memcpy would cost more.
        match row.len() {
            0..=4 => row.iter().for_each(|&n| self.ints.push(n)),
            _ => self.ints.extend_from_slice(row),
        }
        self.ends.push(self.ints.len());
    }

    /// Removes row `i` into `out`.
    pub(super) fn remove_into(&mut self, i: usize, out: &mut Vec<i64>) {
        let (start, end) = (self.start(i), self.ends[i]);
        out.extend(self.ints.drain(start..end));
        self.ends.remove(i);
        for later in &mut self.ends[i..] {
            *later -= end - start;
        }
    }

    /// Puts `row` before row `i` (at the end when `i` is the length).
    pub(super) fn insert(&mut self, i: usize, row: &[i64]) {
        let start = self.start(i);
        self.ints.splice(start..start, row.iter().copied());
        self.ends.insert(i, start);
        for end in &mut self.ends[i..] {
            *end += row.len();
        }
    }

    /// Row `i` becomes `row`.
    pub(super) fn set(&mut self, i: usize, row: &[i64]) {
        let (start, end) = (self.start(i), self.ends[i]);
        self.ints.splice(start..end, row.iter().copied());
        let grown = row.len() as isize - (end - start) as isize;
        for end in &mut self.ends[i..] {
            *end = end.wrapping_add_signed(grown);
        }
    }

    /// Element `j` of row `i`, to change.
    pub(super) fn element_mut(&mut self, i: usize, j: i64) -> Flow<&mut i64> {
        let (start, end) = (self.start(i), self.ends[i]);
        let j = rhai_index(end - start, j).ok_or(Ctl::Fall)?;
        Ok(&mut self.ints[start + j])
    }

    pub(super) fn contains(&self, row: &[i64]) -> bool {
        self.rows().any(|r| r == row)
    }
}

/// The variables of one type, for the calls under way: those of the call
/// running now are from `base` to `top`. Values above `top` are those of
/// calls that ended, kept for their buffers.
pub(super) struct Stack<T> {
    values: Vec<T>,
    base: usize,
    top: usize,
}

impl<T> Default for Stack<T> {
    fn default() -> Self {
        Stack {
            values: Vec::new(),
            base: 0,
            top: 0,
        }
    }
}

impl<T: Default> Stack<T> {
    pub(super) fn get(&self, slot: usize) -> &T {
        &self.values[self.base + slot]
    }

    pub(super) fn get_mut(&mut self, slot: usize) -> &mut T {
        &mut self.values[self.base + slot]
    }

    /// Variables `a` and `b` change places.
    pub(super) fn swap(&mut self, a: usize, b: usize) {
        self.values.swap(self.base + a, self.base + b);
    }

    /// Pushes an argument of the next call; the value it replaces, if any.
    fn push(&mut self, value: T) -> Option<T> {
        let old = match self.values.get_mut(self.top) {
            Some(old) => Some(std::mem::replace(old, value)),
            None => {
                self.values.push(value);
                None
            }
        };
        self.top += 1;
        old
    }

    /// Starts a call whose `arguments` are the last pushed and which has
    /// `slots` variables in all; the frame to restore.
    fn enter(&mut self, arguments: usize, slots: usize) -> (usize, usize) {
        let saved = (self.base, self.top - arguments);
        self.base = self.top - arguments;
        self.top = self.base + slots;
        if self.values.len() < self.top {
            self.values.resize_with(self.top, T::default);
        }
        saved
    }

    fn leave(&mut self, (base, top): (usize, usize)) {
        self.base = base;
        self.top = top;
    }

    fn reset(&mut self) {
        self.base = 0;
        self.top = 0;
    }
}

impl Stack<Vec<i64>> {
    /// Variable `to` becomes a copy of variable `from`, in its own buffer.
    pub(super) fn copy_within(&mut self, from: usize, to: usize) {
        let (from, to) = (self.base + from, self.base + to);
        let (source, target) = match from.cmp(&to) {
            std::cmp::Ordering::Equal => return,
            std::cmp::Ordering::Less => {
                let (low, high) = self.values.split_at_mut(to);
                (&low[from], &mut high[0])
            }
            std::cmp::Ordering::Greater => {
                let (low, high) = self.values.split_at_mut(from);
                (&high[0], &mut low[to])
            }
        };
        target.clear();
        target.extend_from_slice(source);
    }
}

/// How many variables of each type a function has (parameters first).
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Slots {
    pub(super) units: usize,
    pub(super) bools: usize,
    pub(super) ints: usize,
    pub(super) arrays: usize,
    pub(super) rows: usize,
}

impl Slots {
    /// How many variables of type `ty`.
    pub(super) fn of_mut(&mut self, ty: Ty) -> &mut usize {
        match ty {
            Ty::Unit => &mut self.units,
            Ty::Bool => &mut self.bools,
            Ty::Int => &mut self.ints,
            Ty::Ints => &mut self.arrays,
            Ty::Rows => &mut self.rows,
        }
    }
}

/// A compiled function: its variables and its body, which leaves its value
/// in the return slot of its type.
pub(super) struct Func {
    pub(super) name: String,
    pub(super) arity: usize,
    pub(super) parameters: Slots,
    pub(super) slots: Slots,
    pub(super) body: Code<()>,
}

/// The elements a call built, and the buffers of dead arrays, kept for the
/// next ones.
#[derive(Default)]
pub(super) struct Heap {
    built: u64,
    spare_arrays: Vec<Vec<i64>>,
    spare_rows: Vec<Rows>,
}

/// How many dead buffers of each kind are kept.
const SPARES: usize = 64;

impl Heap {
    /// `count` elements more built.
    pub(super) fn build(&mut self, count: usize) -> Flow<()> {
        self.built += count as u64;
        if self.built > BUILT_LIMIT {
            return Err(Ctl::Fall);
        }
        Ok(())
    }

    /// Room for `more` elements in an array of `len`, within the size of an
    /// array.
    pub(super) fn grow(&mut self, len: usize, more: usize) -> Flow<()> {
        if len + more > SCRIPT_ARRAY_SIZE {
            return Err(Ctl::Fall);
        }
        self.build(more)
    }

    /// An empty array, from a dead one's buffer when there is one.
    pub(super) fn array(&mut self) -> Vec<i64> {
        self.spare_arrays.pop().unwrap_or_default()
    }

    /// Keeps a dead array's buffer.
    pub(super) fn recycle_array(&mut self, mut array: Vec<i64>) {
        if self.spare_arrays.len() < SPARES && array.capacity() > 0 {
            array.clear();
            self.spare_arrays.push(array);
        }
    }

    pub(super) fn rows(&mut self) -> Rows {
        self.spare_rows.pop().unwrap_or_default()
    }

    pub(super) fn recycle_rows(&mut self, mut rows: Rows) {
        if self.spare_rows.len() < SPARES && rows.ints.capacity() + rows.ends.capacity() > 0 {
            rows.clear_all();
            self.spare_rows.push(rows);
        }
    }

    /// A counted copy of `items`.
    pub(super) fn copy_array(&mut self, items: &[i64]) -> Flow<Vec<i64>> {
        self.build(items.len())?;
        let mut copy = self.array();
        copy.extend_from_slice(items);
        Ok(copy)
    }

    /// A counted copy of `rows`.
    pub(super) fn copy_rows(&mut self, rows: &Rows) -> Flow<Rows> {
        self.build(rows.weight())?;
        let mut copy = self.rows();
        copy.ints.extend_from_slice(&rows.ints);
        copy.ends.extend_from_slice(&rows.ends);
        Ok(copy)
    }
}

/// What calls keep between them: the stacks of variables, the heap, the
/// return slots. One a thread.
#[derive(Default)]
pub(crate) struct Machine {
    units: Stack<()>,
    pub(super) bools: Stack<bool>,
    pub(super) ints: Stack<i64>,
    pub(super) arrays: Stack<Vec<i64>>,
    pub(super) rows: Stack<Rows>,
    pub(super) heap: Heap,
    returned_unit: (),
    returned_bool: bool,
    returned_int: i64,
    returned_array: Vec<i64>,
    returned_rows: Rows,
}

impl Machine {
    /// Runs `change` on a copy of row `i` (Rhai's index) of the list
    /// variable `slot`, and puts the copy back in its place if `keep`.
    pub(super) fn change_row<R>(
        &mut self,
        slot: usize,
        i: i64,
        keep: bool,
        change: impl FnOnce(&mut Vec<i64>, &mut Heap) -> Flow<R>,
    ) -> Flow<R> {
        let rows = self.rows.get(slot);
        let i = rhai_index(rows.len(), i).ok_or(Ctl::Fall)?;
        let mut row = self.heap.array();
        row.extend_from_slice(rows.row(i));
        let changed = change(&mut row, &mut self.heap);
        if changed.is_ok() && keep {
            let rows = self.rows.get_mut(slot);
            let grown = row.len().saturating_sub(rows.row(i).len());
            self.heap.grow(rows.weight(), grown)?;
            rows.set(i, &row);
        }
        self.heap.recycle_array(row);
        changed
    }
}

/// The state of one call: the machine, and the counts the limits bound.
pub(super) struct Run<'p> {
    pub(super) m: &'p mut Machine,
    functions: &'p [Func],
    depth: usize,
    operations: u64,
    over_time: &'p dyn Fn() -> bool,
}

impl<'p> Run<'p> {
    /// A new call on `m`.
    pub(super) fn new(
        m: &'p mut Machine,
        functions: &'p [Func],
        over_time: &'p dyn Fn() -> bool,
    ) -> Run<'p> {
        m.units.reset();
        m.bools.reset();
        m.ints.reset();
        m.arrays.reset();
        m.rows.reset();
        m.heap.built = 0;
        Run {
            m,
            functions,
            depth: 0,
            operations: 0,
            over_time,
        }
    }

    /// One operation more (a loop turn or a call).
    pub(super) fn tick(&mut self) -> Flow<()> {
        self.operations += 1;
        if self.operations > SCRIPT_OPERATIONS {
            return Err(Ctl::Fall);
        }
        if self.operations % POLL_INTERVAL == 0 {
            stop::poll();
            if (self.over_time)() {
                return Err(Ctl::Fall);
            }
        }
        Ok(())
    }

    /// Pushes the position `position` as the argument of the first call,
    /// into the buffer the last first call had; `None` when an integer is
    /// larger than a script's.
    pub(super) fn push_position(&mut self, position: &[u64]) -> Option<()> {
        let arrays = &mut self.m.arrays;
        if arrays.values.is_empty() {
            arrays.values.push(Vec::new());
        }
        let argument = &mut arrays.values[0];
        argument.clear();
        for &n in position {
            argument.push(i64::try_from(n).ok()?);
        }
        arrays.top = 1;
        Some(())
    }

    /// Pushes an argument of the next call.
    pub(super) fn push_argument<T: Value>(&mut self, value: T) {
        if let Some(old) = T::stack(self.m).push(value) {
            T::recycle(&mut self.m.heap, old);
        }
    }

    /// Where the arguments of the next call start, to drop them if one of
    /// them fails ([`Run::drop_arguments`]).
    pub(super) fn arguments_mark(&self) -> [usize; 5] {
        let m = &*self.m;
        [
            m.units.top,
            m.bools.top,
            m.ints.top,
            m.arrays.top,
            m.rows.top,
        ]
    }

    pub(super) fn drop_arguments(&mut self, [units, bools, ints, arrays, rows]: [usize; 5]) {
        let m = &mut *self.m;
        (m.units.top, m.bools.top, m.ints.top) = (units, bools, ints);
        (m.arrays.top, m.rows.top) = (arrays, rows);
    }

    /// Enters a function compiled in place of its call: an operation and a
    /// level of calls, as [`Run::call`] counts them.
    pub(super) fn enter_inlined(&mut self) -> Flow<()> {
        self.tick()?;
        if self.depth >= SCRIPT_CALL_DEPTH {
            return Err(Ctl::Fall);
        }
        self.depth += 1;
        Ok(())
    }

    pub(super) fn leave_inlined(&mut self) {
        self.depth -= 1;
    }

    /// Calls function `index`, whose arguments were pushed; its value is in
    /// the return slot of its type.
    pub(super) fn call(&mut self, index: usize) -> Flow<()> {
        self.tick()?;
        if self.depth >= SCRIPT_CALL_DEPTH {
            return Err(Ctl::Fall);
        }
        let functions = self.functions;
        let func = &functions[index];
        let (p, s) = (func.parameters, func.slots);
        let m = &mut *self.m;
        // The stacks of the types the function has no variable of are left
        // as they are.
        let saved = [
            (s.units > 0).then(|| m.units.enter(p.units, s.units)),
            (s.bools > 0).then(|| m.bools.enter(p.bools, s.bools)),
            (s.ints > 0).then(|| m.ints.enter(p.ints, s.ints)),
            (s.arrays > 0).then(|| m.arrays.enter(p.arrays, s.arrays)),
            (s.rows > 0).then(|| m.rows.enter(p.rows, s.rows)),
        ];
        self.depth += 1;
        let result = (func.body)(self);
        self.depth -= 1;
        let m = &mut *self.m;
        if let Some(saved) = saved[0] {
            m.units.leave(saved);
        }
        if let Some(saved) = saved[1] {
            m.bools.leave(saved);
        }
        if let Some(saved) = saved[2] {
            m.ints.leave(saved);
        }
        if let Some(saved) = saved[3] {
            m.arrays.leave(saved);
        }
        if let Some(saved) = saved[4] {
            m.rows.leave(saved);
        }
        match result {
            Ok(()) | Err(Ctl::Return) => Ok(()),
            Err(_) => Err(Ctl::Fall),
        }
    }
}

/// A type of value that compiled code holds: where its variables and its
/// return slot are, and how it is copied.
pub(super) trait Value: Sized + Default + Send + Sync + 'static {
    /// The variables of this type.
    fn stack(m: &mut Machine) -> &mut Stack<Self>;

    /// The slot a function of this type leaves its value in.
    fn returned(m: &mut Machine) -> &mut Self;

    /// A counted copy of variable `slot` of the call running now.
    fn copy_slot(m: &mut Machine, slot: usize) -> Flow<Self>;

    /// Keeps a dead value's buffers, if it has any.
    fn recycle(_heap: &mut Heap, _value: Self) {}

    /// An empty value, in a dead one's buffers if it has any: what a
    /// variable moved out of is left with, so that it has a buffer when it
    /// is assigned again.
    fn spare(_heap: &mut Heap) -> Self {
        Self::default()
    }
}

impl Value for () {
    fn stack(m: &mut Machine) -> &mut Stack<()> {
        &mut m.units
    }

    fn returned(m: &mut Machine) -> &mut () {
        &mut m.returned_unit
    }

    fn copy_slot(_: &mut Machine, _: usize) -> Flow<()> {
        Ok(())
    }
}

/// A [`Value`] without buffers, copied as it is.
macro_rules! scalar_value {
    ($t:ty, $stack:ident, $returned:ident) => {
        impl Value for $t {
            fn stack(m: &mut Machine) -> &mut Stack<$t> {
                &mut m.$stack
            }

            fn returned(m: &mut Machine) -> &mut $t {
                &mut m.$returned
            }

            fn copy_slot(m: &mut Machine, slot: usize) -> Flow<$t> {
                Ok(*m.$stack.get(slot))
            }
        }
    };
}

scalar_value!(bool, bools, returned_bool);
scalar_value!(i64, ints, returned_int);

impl Value for Vec<i64> {
    fn stack(m: &mut Machine) -> &mut Stack<Vec<i64>> {
        &mut m.arrays
    }

    fn returned(m: &mut Machine) -> &mut Vec<i64> {
        &mut m.returned_array
    }

    fn copy_slot(m: &mut Machine, slot: usize) -> Flow<Vec<i64>> {
        m.heap.copy_array(m.arrays.get(slot))
    }

    fn recycle(heap: &mut Heap, value: Vec<i64>) {
        heap.recycle_array(value);
    }

    fn spare(heap: &mut Heap) -> Vec<i64> {
        heap.array()
    }
}

impl Value for Rows {
    fn stack(m: &mut Machine) -> &mut Stack<Rows> {
        &mut m.rows
    }

    fn returned(m: &mut Machine) -> &mut Rows {
        &mut m.returned_rows
    }

    fn copy_slot(m: &mut Machine, slot: usize) -> Flow<Rows> {
        m.heap.copy_rows(m.rows.get(slot))
    }

    fn recycle(heap: &mut Heap, value: Rows) {
        heap.recycle_rows(value);
    }

    fn spare(heap: &mut Heap) -> Rows {
        heap.rows()
    }
}

/// An array value, of integers or of arrays: what `+`, `+=`, `append`,
/// `clear`, `reverse` and `truncate` do alike on both.
pub(super) trait Array: Value + PartialEq {
    /// How many elements it has (arrays held count one each).
    fn elements(&self) -> usize;

    /// Its elements, nested ones included, as Rhai counts an array's size.
    fn weight(&self) -> usize;

    /// Appends the elements of `more`.
    fn append_all(&mut self, more: &Self);

    fn clear_all(&mut self);

    fn reverse_all(&mut self);

    fn truncate_to(&mut self, len: usize);

    /// `self.method(args)`.
    fn method(&mut self, method: Method, args: [Arg; 2], heap: &mut Heap) -> Flow<Out>;

    /// `self += more`, within the size of an array; `more` recycled.
    fn concatenate(&mut self, more: Self, heap: &mut Heap) -> Flow<()> {
        heap.grow(self.weight(), more.weight())?;
        self.append_all(&more);
        Self::recycle(heap, more);
        Ok(())
    }

    /// The methods that both kinds of arrays have alike
    /// ([`Method::is_common`]).
    fn common_method(&mut self, method: Method, first: Arg, heap: &mut Heap) -> Flow<Out>
    where
        Arg: Into<Option<Self>>,
    {
        match method {
            Method::Clear => self.clear_all(),
            Method::Reverse => self.reverse_all(),
            // Rhai clears the array for a length <= 0.
            Method::Truncate => self.truncate_to(usize::try_from(first.int()?).unwrap_or(0)),
            Method::Append => {
                let more = first.into().ok_or(Ctl::Fall)?;
                self.concatenate(more, heap)?;
            }
            _ => return Err(Ctl::Fall),
        }
        Ok(Out::Unit)
    }
}

impl Array for Vec<i64> {
    fn elements(&self) -> usize {
        self.len()
    }

    fn weight(&self) -> usize {
        self.len()
    }

    fn append_all(&mut self, more: &Self) {
        self.extend_from_slice(more);
    }

    fn clear_all(&mut self) {
        self.clear();
    }

    fn reverse_all(&mut self) {
        self.reverse();
    }

    fn truncate_to(&mut self, len: usize) {
        self.truncate(len);
    }

    fn method(&mut self, method: Method, args: [Arg; 2], heap: &mut Heap) -> Flow<Out> {
        array_method(method, self, args, heap)
    }
}

impl Array for Rows {
    fn elements(&self) -> usize {
        self.len()
    }

    fn weight(&self) -> usize {
        Rows::weight(self)
    }

    fn append_all(&mut self, more: &Self) {
        for row in more.rows() {
            self.push(row);
        }
    }

    fn clear_all(&mut self) {
        self.ints.clear();
        self.ends.clear();
    }

    fn reverse_all(&mut self) {
        let mut reversed = Rows::default();
        for i in (0..self.len()).rev() {
            reversed.push(self.row(i));
        }
        *self = reversed;
    }

    fn truncate_to(&mut self, len: usize) {
        if len < self.len() {
            self.ends.truncate(len);
            self.ints.truncate(self.start(len));
        }
    }

    fn method(&mut self, method: Method, args: [Arg; 2], heap: &mut Heap) -> Flow<Out> {
        rows_method(method, self, args, heap)
    }
}

impl From<Arg> for Option<Vec<i64>> {
    fn from(arg: Arg) -> Self {
        match arg {
            Arg::Array(array) => Some(array),
            _ => None,
        }
    }
}

impl From<Arg> for Option<Rows> {
    fn from(arg: Arg) -> Self {
        match arg {
            Arg::Rows(rows) => Some(rows),
            _ => None,
        }
    }
}

/// An argument of a method, evaluated.
pub(super) enum Arg {
    None,
    Int(i64),
    Array(Vec<i64>),
    Rows(Rows),
}

impl Arg {
    fn int(self) -> Flow<i64> {
        match self {
            Arg::Int(n) => Ok(n),
            _ => Err(Ctl::Fall),
        }
    }
}

/// What a method gives: `()` where Rhai gives it (`pop` of an empty array),
/// which is no value of the method's type unless the value is dropped.
pub(super) enum Out {
    Unit,
    Bool(bool),
    Int(i64),
    Array(Vec<i64>),
}

/// `x.method(args)` on an integer.
pub(super) fn int_method(method: Method, x: i64, [arg, _]: [Arg; 2]) -> Flow<Out> {
    let value = match method {
        Method::Abs => x.checked_abs().ok_or(Ctl::Fall)?,
        Method::Min => x.min(arg.int()?),
        Method::Max => x.max(arg.int()?),
        _ => return Err(Ctl::Fall),
    };
    Ok(Out::Int(value))
}

/// `items.method(args)` on an array of integers.
pub(super) fn array_method(
    method: Method,
    items: &mut Vec<i64>,
    [first, second]: [Arg; 2],
    heap: &mut Heap,
) -> Flow<Out> {
    if method.is_common() {
        return items.common_method(method, first, heap);
    }
    Ok(match method {
        Method::Len => Out::Int(items.len() as i64),
        Method::IsEmpty => Out::Bool(items.is_empty()),
        Method::Push => {
            heap.grow(items.len(), 1)?;
            items.push(first.int()?);
            Out::Unit
        }
        // As Rhai's: `()` from an empty array or an index beyond it.
        Method::Pop => items.pop().map_or(Out::Unit, Out::Int),
        Method::Remove => match rhai_index(items.len(), first.int()?) {
            Some(i) => Out::Int(items.remove(i)),
            None => Out::Unit,
        },
        Method::Insert => {
            let at = insertion_point(items.len(), first.int()?);
            heap.grow(items.len(), 1)?;
            items.insert(at, second.int()?);
            Out::Unit
        }
        Method::Sort => {
            items.sort_unstable();
            Out::Unit
        }
        Method::Contains => Out::Bool(items.contains(&first.int()?)),
        _ => return Err(Ctl::Fall),
    })
}

/// `rows.method(args)` on an array of arrays of integers.
pub(super) fn rows_method(
    method: Method,
    rows: &mut Rows,
    [first, second]: [Arg; 2],
    heap: &mut Heap,
) -> Flow<Out> {
    if method.is_common() {
        return rows.common_method(method, first, heap);
    }
    let row = |arg: Arg| Option::<Vec<i64>>::from(arg).ok_or(Ctl::Fall);
    Ok(match method {
        Method::Len => Out::Int(rows.len() as i64),
        Method::IsEmpty => Out::Bool(rows.len() == 0),
        Method::Push => {
            let row = row(first)?;
            heap.grow(rows.weight(), 1 + row.len())?;
            rows.push(&row);
            heap.recycle_array(row);
            Out::Unit
        }
        Method::Pop | Method::Remove => {
            let i = match method {
                Method::Pop => rows.len().checked_sub(1),
                _ => rhai_index(rows.len(), first.int()?),
            };
            let Some(i) = i else {
                return Ok(Out::Unit);
            };
            let mut out = heap.array();
            rows.remove_into(i, &mut out);
            Out::Array(out)
        }
        Method::Insert => {
            let at = insertion_point(rows.len(), first.int()?);
            let row = row(second)?;
            heap.grow(rows.weight(), 1 + row.len())?;
            rows.insert(at, &row);
            heap.recycle_array(row);
            Out::Unit
        }
        Method::Contains => Out::Bool(rows.contains(&row(first)?)),
        // Rhai sorts no array of arrays of two or more.
        Method::Sort if rows.len() <= 1 => Out::Unit,
        _ => return Err(Ctl::Fall),
    })
}

/// Where Rhai's index `i` falls in an array of `len` elements: counted from
/// the end when negative (`-1` is the last), `None` beyond either end.
pub(super) fn rhai_index(len: usize, i: i64) -> Option<usize> {
    if i < 0 {
        let from_end = usize::try_from(i.unsigned_abs()).ok()?;
        return (from_end <= len).then(|| len - from_end);
    }
    usize::try_from(i).ok().filter(|&i| i < len)
}

/// Where Rhai's `insert(i, x)` puts `x` in an array of `len` elements:
/// counted from the end when `i` is negative (the start, beyond it), at
/// the end when `i` is beyond it.
pub(super) fn insertion_point(len: usize, i: i64) -> usize {
    if i < 0 {
        let from_end = usize::try_from(i.unsigned_abs()).unwrap_or(usize::MAX);
        return len - from_end.min(len);
    }
    usize::try_from(i).map_or(len, |i| i.min(len))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(list: &[&[i64]]) -> Rows {
        let mut rows = Rows::default();
        for row in list {
            rows.push(row);
        }
        rows
    }

    #[test]
    fn rows_change_as_a_list_of_arrays_would() {
        let mut r = rows(&[&[1, 2], &[], &[3]]);
        let mut out = Vec::new();
        r.remove_into(0, &mut out);
        assert_eq!((r.clone(), out), (rows(&[&[], &[3]]), vec![1, 2]));
        r.insert(1, &[7, 8, 9]);
        assert_eq!(r, rows(&[&[], &[7, 8, 9], &[3]]));
        r.set(1, &[5]);
        assert_eq!(r, rows(&[&[], &[5], &[3]]));
        *r.element_mut(2, -1).unwrap() = 4;
        assert_eq!(r, rows(&[&[], &[5], &[4]]));
        r.reverse_all();
        assert_eq!(r, rows(&[&[4], &[5], &[]]));
        r.truncate_to(1);
        assert_eq!(r, rows(&[&[4]]));
        assert!(r.contains(&[4]) && !r.contains(&[]));
        assert_eq!(r.weight(), 2);
    }

    #[test]
    fn rhai_indices_count_from_the_end_when_negative() {
        assert_eq!(rhai_index(3, -1), Some(2));
        assert_eq!(rhai_index(3, -4), None);
        assert_eq!(rhai_index(3, 3), None);
        assert_eq!(insertion_point(3, -9), 0);
        assert_eq!(insertion_point(3, 9), 3);
        assert_eq!(insertion_point(3, -1), 2);
    }
}
