//! The fast path of a script: its functions compiled once, from Rhai's syntax
//! tree, into native closures over native values.
//!
//! Rhai walks its syntax tree and boxes every value as a `Dynamic`; a move
//! generator of a few lines then costs far more per option than the same
//! lines of Python. Most rules use a small part of the language: integers,
//! booleans, arrays, `let`, `if`, `for` over ranges and arrays, `while`,
//! `loop`, `break`, `continue`, `return`, calls of the script's own functions
//! and a few array methods (`len`, `push`, `pop`, `remove`, `insert`, `sort`,
//! `contains`, ...). A script whose functions use only that part is compiled
//! here ([`Program::compile`]); any other script runs on Rhai alone.
//!
//! The fast path never decides an edge case: an overflow, a division by
//! zero, an index out of bounds or negative, a value of an unexpected type,
//! an array or a call deeper than the sandbox's limits, a clock that ran out,
//! or a result that is not a list of positions ends the call with
//! [`Fallback`], and the caller runs the same call again on Rhai, which gives
//! the answer or the error it always gave. Calls are pure (arguments are
//! copied, nothing outlives a call), so running one again is safe.
//!
//! Operations are counted in the fast path's own unit, loop turns and calls,
//! against [`SCRIPT_OPERATIONS`]; a call beyond it goes to Rhai, which counts
//! its own way. The elements a call builds are bounded by [`BUILT_LIMIT`].

use std::collections::HashMap;

use rhai::{ASTFlags, Dynamic, Expr, FnCallExpr, Stmt, StmtBlock, Token, AST};

use crate::games::user::UserPosition;
use crate::limits::{SCRIPT_ARRAY_SIZE, SCRIPT_CALL_DEPTH, SCRIPT_OPERATIONS};
use crate::stop;

/// A call that the fast path leaves to Rhai: the same call must run there.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Fallback;

/// A script uses a part of the language that the fast path does not compile.
struct Unsupported;

/// A value of a compiled script. Arrays are values, copied on assignment,
/// as in Rhai.
#[derive(Clone, Debug, Default, PartialEq)]
enum Val {
    #[default]
    Unit,
    Bool(bool),
    Int(i64),
    Arr(Vec<Val>),
}

/// How a piece of code ends, other than with a value.
enum Ctl {
    Break,
    Continue,
    Return(Val),
    Fall,
}

impl From<Fallback> for Ctl {
    fn from(_: Fallback) -> Ctl {
        Ctl::Fall
    }
}

type Flow<T> = Result<T, Ctl>;

/// A compiled expression or statement.
type Code = Box<dyn Fn(&mut Run<'_>) -> Flow<Val> + Send + Sync>;

/// The elements a call may build in all (copies included) before it is left
/// to Rhai: a bound on memory that Rhai's own limit, on the size of each
/// value, also gives.
pub(super) const BUILT_LIMIT: u64 = 16 * SCRIPT_ARRAY_SIZE as u64;

/// How many operations run between two looks at the clock and the stop
/// signal.
const POLL_INTERVAL: u64 = 1 << 12;

/// One compiled function.
struct Func {
    name: String,
    arity: usize,
    /// Its local variables, parameters first.
    slots: usize,
    body: Code,
}

/// A script's functions, compiled.
pub(super) struct Program {
    funcs: Vec<Func>,
}

/// The state of one call: the local variables of the calls under way, and
/// the counts the limits bound.
struct Run<'p> {
    program: &'p Program,
    stack: Vec<Val>,
    base: usize,
    depth: usize,
    operations: u64,
    built: u64,
    over_time: &'p dyn Fn() -> bool,
}

impl Run<'_> {
    /// One operation more (a loop turn or a call).
    fn tick(&mut self) -> Flow<()> {
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

    /// `count` elements more built.
    fn build(&mut self, count: usize) -> Flow<()> {
        count_built(&mut self.built, count)
    }

    fn slot(&mut self, slot: usize) -> &mut Val {
        &mut self.stack[self.base + slot]
    }

    /// A copy of a variable's value, counted.
    fn read(&mut self, slot: usize) -> Flow<Val> {
        let value = &self.stack[self.base + slot];
        if let Val::Arr(items) = value {
            let weight = weight(items);
            self.build(weight)?;
        }
        Ok(self.stack[self.base + slot].clone())
    }

    /// Calls function `index` on the arguments on top of the stack.
    fn call(&mut self, index: usize, arguments_from: usize) -> Flow<Val> {
        self.tick()?;
        let program = self.program;
        let func = &program.funcs[index];
        if self.depth >= SCRIPT_CALL_DEPTH {
            return Err(Ctl::Fall);
        }
        self.stack.resize(arguments_from + func.slots, Val::Unit);
        let base = std::mem::replace(&mut self.base, arguments_from);
        self.depth += 1;
        let result = (func.body)(self);
        self.depth -= 1;
        self.base = base;
        self.stack.truncate(arguments_from);
        match result {
            Ok(value) | Err(Ctl::Return(value)) => Ok(value),
            Err(_) => Err(Ctl::Fall),
        }
    }
}

/// `count` elements more built, of `built` so far.
fn count_built(built: &mut u64, count: usize) -> Flow<()> {
    *built += count as u64;
    if *built > BUILT_LIMIT {
        return Err(Ctl::Fall);
    }
    Ok(())
}

/// The elements of an array, nested arrays' included.
fn weight(items: &[Val]) -> usize {
    items
        .iter()
        .map(|item| match item {
            Val::Arr(inner) => 1 + weight(inner),
            _ => 1,
        })
        .sum()
}

impl Program {
    /// The script's functions compiled, or `None` when one of them uses a
    /// part of the language the fast path leaves to Rhai.
    pub(super) fn compile(ast: &AST) -> Option<Program> {
        let defs: Vec<_> = ast.iter_fn_def().collect();
        let signatures: HashMap<(String, usize), usize> = defs
            .iter()
            .enumerate()
            .map(|(i, f)| ((f.name.to_string(), f.params.len()), i))
            .collect();
        let bodies = bodies(ast, &defs)?;
        let mut funcs = Vec::with_capacity(defs.len());
        for (def, body) in defs.iter().zip(&bodies) {
            let mut scope = Scope {
                names: def.params.iter().map(|p| p.to_string()).collect(),
                slots: def.params.len(),
                signatures: &signatures,
                loops: 0,
                last_uses: Vec::new(),
            };
            let body = scope.statements(body, 0).ok()?;
            funcs.push(Func {
                name: def.name.to_string(),
                arity: def.params.len(),
                slots: scope.slots,
                body,
            });
        }
        Some(Program { funcs })
    }

    /// Calls the one-parameter function `name` on `position`, and reads its
    /// result as a list of positions; `over_time` says whether the clock ran
    /// out. [`Fallback`] when the call must run on Rhai.
    pub(super) fn positions(
        &self,
        name: &str,
        position: &[u64],
        over_time: &dyn Fn() -> bool,
    ) -> Result<Vec<UserPosition>, Fallback> {
        let index = self
            .funcs
            .iter()
            .position(|f| f.name == name && f.arity == 1)
            .ok_or(Fallback)?;
        let argument = position
            .iter()
            .map(|&n| i64::try_from(n).map(Val::Int).map_err(|_| Fallback))
            .collect::<Result<Vec<_>, _>>()?;
        let mut run = Run {
            program: self,
            stack: vec![Val::Arr(argument)],
            base: 0,
            depth: 0,
            operations: 0,
            built: 0,
            over_time,
        };
        match run.call(index, 0) {
            Ok(result) => read_positions(result),
            Err(_) => Err(Fallback),
        }
    }
}

/// How many times the statements mention the variable `name`.
fn mentions(statements: &[Stmt], name: &str) -> usize {
    let mut count = 0;
    for statement in statements {
        statement.walk(&mut Vec::new(), &mut |path: &[rhai::ASTNode]| {
            if let Some(rhai::ASTNode::Expr(Expr::Variable(variable, ..))) = path.last() {
                count += usize::from(variable.1 == name);
            }
            true
        });
    }
    count
}

/// The statements of each function's body, in the order of `defs`.
///
/// Rhai does not export the type of a function's body; its walk of the tree
/// visits the top level's statements, then each body's, in the order of
/// `defs`. A body's statements are told apart by where they stand: within
/// the body's span. `None` when one falls in none.
fn bodies(ast: &AST, defs: &[&rhai::Shared<rhai::ScriptFuncDef>]) -> Option<Vec<Vec<Stmt>>> {
    let spans: Vec<_> = defs
        .iter()
        .map(|def| (def.body.start_position(), def.body.end_position()))
        .collect();
    let mut bodies = vec![Vec::new(); defs.len()];
    let mut top_level = ast.statements().len();
    let mut lost = false;
    ast.walk(&mut |path: &[rhai::ASTNode]| {
        let [rhai::ASTNode::Stmt(statement)] = path else {
            return true;
        };
        if top_level > 0 {
            top_level -= 1;
            return true;
        }
        let at = statement.position();
        match spans
            .iter()
            .position(|&(start, end)| start <= at && at <= end)
        {
            Some(f) => bodies[f].push((*statement).clone()),
            None => lost = true,
        }
        !lost
    });
    (!lost).then_some(bodies)
}

/// A result as a list of positions, within Rhai's size limit; anything else
/// is left to Rhai, which names what is wrong.
fn read_positions(result: Val) -> Result<Vec<UserPosition>, Fallback> {
    let Val::Arr(list) = result else {
        return Err(Fallback);
    };
    if weight(&list) > SCRIPT_ARRAY_SIZE {
        return Err(Fallback);
    }
    list.into_iter()
        .map(|item| match item {
            Val::Arr(entries) => entries
                .into_iter()
                .map(|entry| match entry {
                    Val::Int(n) => u64::try_from(n).map_err(|_| Fallback),
                    _ => Err(Fallback),
                })
                .collect(),
            _ => Err(Fallback),
        })
        .collect()
}

/// The variables in scope while a function is compiled.
struct Scope<'s> {
    /// The names in scope, the innermost last; a name's slot is its index.
    names: Vec<String>,
    /// The slots the function needs so far.
    slots: usize,
    signatures: &'s HashMap<(String, usize), usize>,
    /// How many loops enclose the code being compiled.
    loops: usize,
    /// The variables (slots) whose one mention in the statement being
    /// compiled is their last, with the loops enclosing their statement: read
    /// there, a variable is moved, not copied (a value the caller builds and
    /// returns, or passes on, is not copied at every step).
    last_uses: Vec<(usize, usize)>,
}

/// Where a value is kept, to read it in place or change it: a variable, or
/// an element of one (nested to at most [`MAX_INDICES`] levels).
struct Place {
    slot: usize,
    indices: Vec<Code>,
}

const MAX_INDICES: usize = 4;

/// What follows the root of an index or method chain.
enum Link {
    Index(Code),
    Method(Method, Vec<Code>),
}

/// The array and integer methods the fast path knows.
#[derive(Clone, Copy)]
enum Method {
    Len,
    IsEmpty,
    Push,
    Pop,
    Remove,
    Insert,
    Sort,
    Contains,
    Clear,
    Reverse,
    Append,
    Truncate,
    Abs,
    Min,
    Max,
}

impl Method {
    fn named(name: &str, arity: usize) -> Option<Method> {
        let method = match (name, arity) {
            ("len", 0) => Method::Len,
            ("is_empty", 0) => Method::IsEmpty,
            ("push", 1) => Method::Push,
            ("pop", 0) => Method::Pop,
            ("remove", 1) => Method::Remove,
            ("insert", 2) => Method::Insert,
            ("sort", 0) => Method::Sort,
            ("contains", 1) => Method::Contains,
            ("clear", 0) => Method::Clear,
            ("reverse", 0) => Method::Reverse,
            ("append", 1) => Method::Append,
            ("truncate", 1) => Method::Truncate,
            ("abs", 0) => Method::Abs,
            ("min", 1) => Method::Min,
            ("max", 1) => Method::Max,
            _ => return None,
        };
        Some(method)
    }

    /// Whether it leaves its object as it was, so that it may be called in
    /// function style (`len(a)`), where the object is a copy.
    fn is_pure(self) -> bool {
        matches!(
            self,
            Method::Len
                | Method::IsEmpty
                | Method::Contains
                | Method::Abs
                | Method::Min
                | Method::Max
        )
    }

    /// Applies the method to `target` with `args` (a method has at most
    /// two), counting the elements it adds in `built`.
    fn apply(self, built: &mut u64, target: &mut Val, args: [Val; 2]) -> Flow<Val> {
        let mut args = args.into_iter();
        let mut arg = || args.next().unwrap_or_default();
        if let Val::Int(x) = *target {
            let y = match (self, arg()) {
                (Method::Abs, _) => return int(x.checked_abs()),
                (_, Val::Int(y)) => y,
                _ => return Err(Ctl::Fall),
            };
            return match self {
                Method::Min => Ok(Val::Int(x.min(y))),
                Method::Max => Ok(Val::Int(x.max(y))),
                _ => Err(Ctl::Fall),
            };
        }
        let Val::Arr(items) = target else {
            return Err(Ctl::Fall);
        };
        let value = match self {
            Method::Len => Val::Int(items.len() as i64),
            Method::IsEmpty => Val::Bool(items.is_empty()),
            Method::Push => {
                grow(built, items, 1)?;
                items.push(arg());
                Val::Unit
            }
            // As Rhai's: `()` from an empty array or an index beyond it.
            Method::Pop => items.pop().unwrap_or_default(),
            Method::Remove => match rhai_index(items.len(), integer(arg())?) {
                Some(i) => items.remove(i),
                None => Val::Unit,
            },
            Method::Insert => {
                let at = insertion_point(items.len(), integer(arg())?);
                grow(built, items, 1)?;
                items.insert(at, arg());
                Val::Unit
            }
            Method::Sort => {
                let mut ints = Vec::with_capacity(items.len());
                for item in items.iter() {
                    let Val::Int(n) = item else {
                        return Err(Ctl::Fall);
                    };
                    ints.push(*n);
                }
                ints.sort_unstable();
                for (item, n) in items.iter_mut().zip(ints) {
                    *item = Val::Int(n);
                }
                Val::Unit
            }
            Method::Contains => {
                let wanted = arg();
                let mut found = false;
                for item in items.iter() {
                    found |= equal(item, &wanted)?;
                }
                Val::Bool(found)
            }
            Method::Clear => {
                items.clear();
                Val::Unit
            }
            Method::Reverse => {
                items.reverse();
                Val::Unit
            }
            Method::Append => {
                let Val::Arr(more) = arg() else {
                    return Err(Ctl::Fall);
                };
                grow(built, items, more.len())?;
                items.extend(more);
                Val::Unit
            }
            Method::Truncate => {
                // Rhai clears the array for a length <= 0.
                items.truncate(usize::try_from(integer(arg())?).unwrap_or(0));
                Val::Unit
            }
            Method::Abs | Method::Min | Method::Max => return Err(Ctl::Fall),
        };
        Ok(value)
    }
}

/// Room for `more` elements in `items`, within the size of an array.
fn grow(built: &mut u64, items: &[Val], more: usize) -> Flow<()> {
    if items.len() + more > SCRIPT_ARRAY_SIZE {
        return Err(Ctl::Fall);
    }
    count_built(built, more)
}

/// A value that must be an integer.
fn integer(value: Val) -> Flow<i64> {
    match value {
        Val::Int(i) => Ok(i),
        _ => Err(Ctl::Fall),
    }
}

/// Where Rhai's index `i` falls in an array of `len` elements: counted from
/// the end when negative (`-1` is the last), `None` beyond either end.
fn rhai_index(len: usize, i: i64) -> Option<usize> {
    if i < 0 {
        let from_end = usize::try_from(i.unsigned_abs()).ok()?;
        return (from_end <= len).then(|| len - from_end);
    }
    usize::try_from(i).ok().filter(|&i| i < len)
}

/// Where Rhai's `insert(i, x)` puts `x` in an array of `len` elements:
/// counted from the end when `i` is negative (the start, beyond it), at
/// the end when `i` is beyond it.
fn insertion_point(len: usize, i: i64) -> usize {
    if i < 0 {
        let from_end = usize::try_from(i.unsigned_abs()).unwrap_or(usize::MAX);
        return len - from_end.min(len);
    }
    usize::try_from(i).map_or(len, |i| i.min(len))
}

/// The element `i` (Rhai's index) of `items`.
fn element(items: &mut [Val], i: i64) -> Flow<&mut Val> {
    let i = rhai_index(items.len(), i).ok_or(Ctl::Fall)?;
    Ok(&mut items[i])
}

fn int(value: Option<i64>) -> Flow<Val> {
    value.map(Val::Int).ok_or(Ctl::Fall)
}

/// `a == b` for values of the same type; other comparisons are Rhai's.
fn equal(a: &Val, b: &Val) -> Flow<bool> {
    match (a, b) {
        (Val::Int(x), Val::Int(y)) => Ok(x == y),
        (Val::Bool(x), Val::Bool(y)) => Ok(x == y),
        (Val::Unit, Val::Unit) => Ok(true),
        (Val::Arr(x), Val::Arr(y)) => {
            if x.len() != y.len() {
                return Ok(false);
            }
            for (x, y) in x.iter().zip(y) {
                if !equal(x, y)? {
                    return Ok(false);
                }
            }
            Ok(true)
        }
        _ => Err(Ctl::Fall),
    }
}

/// A binary operator of the language.
fn binary(op: &Token, a: Val, b: Val) -> Flow<Val> {
    use Token as T;
    match (a, b) {
        (Val::Int(x), Val::Int(y)) => int_binary(op, x, y),
        (Val::Bool(x), Val::Bool(y)) => match op {
            T::EqualsTo => Ok(Val::Bool(x == y)),
            T::NotEqualsTo => Ok(Val::Bool(x != y)),
            T::Ampersand => Ok(Val::Bool(x & y)),
            T::Pipe => Ok(Val::Bool(x | y)),
            T::XOr => Ok(Val::Bool(x ^ y)),
            _ => Err(Ctl::Fall),
        },
        (Val::Arr(mut x), Val::Arr(y)) => match op {
            T::Plus if x.len() + y.len() <= SCRIPT_ARRAY_SIZE => {
                x.extend(y);
                Ok(Val::Arr(x))
            }
            T::EqualsTo => Ok(Val::Bool(equal(&Val::Arr(x), &Val::Arr(y))?)),
            T::NotEqualsTo => Ok(Val::Bool(!equal(&Val::Arr(x), &Val::Arr(y))?)),
            _ => Err(Ctl::Fall),
        },
        _ => Err(Ctl::Fall),
    }
}

/// A binary operator on integers, checked as Rhai checks it.
fn int_binary(op: &Token, x: i64, y: i64) -> Flow<Val> {
    use Token as T;
    let value = match op {
        T::Plus => return int(x.checked_add(y)),
        T::Minus => return int(x.checked_sub(y)),
        T::Multiply => return int(x.checked_mul(y)),
        T::Divide => return int(x.checked_div(y)),
        T::Modulo => return int(x.checked_rem(y)),
        T::PowerOf => return int(u32::try_from(y).ok().and_then(|y| x.checked_pow(y))),
        T::LeftShift if (0..64).contains(&y) => Val::Int(x << y),
        T::RightShift if (0..64).contains(&y) => Val::Int(x >> y),
        T::Ampersand => Val::Int(x & y),
        T::Pipe => Val::Int(x | y),
        T::XOr => Val::Int(x ^ y),
        T::LessThan => Val::Bool(x < y),
        T::LessThanEqualsTo => Val::Bool(x <= y),
        T::GreaterThan => Val::Bool(x > y),
        T::GreaterThanEqualsTo => Val::Bool(x >= y),
        T::EqualsTo => Val::Bool(x == y),
        T::NotEqualsTo => Val::Bool(x != y),
        _ => return Err(Ctl::Fall),
    };
    Ok(value)
}

/// A value that must be a boolean (a condition).
fn truth(value: Val) -> Flow<bool> {
    match value {
        Val::Bool(b) => Ok(b),
        _ => Err(Ctl::Fall),
    }
}

/// A constant of the syntax tree, when it is a value the fast path has.
fn constant(value: &Dynamic) -> Option<Val> {
    if value.is_unit() {
        return Some(Val::Unit);
    }
    if let Ok(n) = value.as_int() {
        return Some(Val::Int(n));
    }
    if let Ok(b) = value.as_bool() {
        return Some(Val::Bool(b));
    }
    let items = value.as_array_ref().ok()?;
    items
        .iter()
        .map(constant)
        .collect::<Option<_>>()
        .map(Val::Arr)
}

/// A range that Rhai's optimizer made a constant (`0..4`).
fn constant_range(value: &Dynamic) -> Option<Range> {
    let (from, to, inclusive) = if let Some(r) = value.read_lock::<std::ops::Range<i64>>() {
        (r.start, r.end, false)
    } else {
        let r = value.read_lock::<std::ops::RangeInclusive<i64>>()?;
        (*r.start(), *r.end(), true)
    };
    Some(Range {
        from: Box::new(move |_| Ok(Val::Int(from))),
        to: Box::new(move |_| Ok(Val::Int(to))),
        inclusive,
    })
}

/// The range of a `for` loop: `a..b`, `a..=b` or `range(a, b)`.
struct Range {
    from: Code,
    to: Code,
    inclusive: bool,
}

impl Scope<'_> {
    fn declare(&mut self, name: &str) -> usize {
        self.names.push(name.to_string());
        self.slots = self.slots.max(self.names.len());
        self.names.len() - 1
    }

    fn lookup(&self, name: &str) -> Result<usize, Unsupported> {
        self.names
            .iter()
            .rposition(|n| n == name)
            .ok_or(Unsupported)
    }

    /// A block: its statements in order, its value the last one's; its
    /// variables end with it.
    fn block(&mut self, block: &[Stmt]) -> Result<Code, Unsupported> {
        self.statements(block, self.names.len())
    }

    /// The statements of a block whose own variables are those from the
    /// `owned`-th in scope on (a function's body owns its parameters).
    fn statements(&mut self, block: &[Stmt], owned: usize) -> Result<Code, Unsupported> {
        let outer = self.names.len();
        let statements = (0..block.len())
            .map(|i| {
                let marked = self.last_uses.len();
                self.mark_last_uses(&block[i..], owned);
                let statement = self.statement(&block[i]);
                self.last_uses.truncate(marked);
                statement
            })
            .collect::<Result<Vec<_>, _>>();
        self.names.truncate(outer);
        let mut statements = statements?;
        Ok(match statements.len() {
            0 => Box::new(|_| Ok(Val::Unit)),
            1 => statements
                .pop()
                .unwrap_or_else(|| Box::new(|_| Ok(Val::Unit))),
            _ => Box::new(move |run| {
                let (last, rest) = statements.split_last().expect("two or more");
                for statement in rest {
                    statement(run)?;
                }
                last(run)
            }),
        })
    }

    /// Marks the variables of the block from the `owned`-th on that the
    /// first of `rest` (the block's statements from the one to compile on)
    /// mentions once and the others never.
    fn mark_last_uses(&mut self, rest: &[Stmt], owned: usize) {
        for slot in owned..self.names.len() {
            let name = &self.names[slot];
            let innermost = self.names.iter().rposition(|n| n == name) == Some(slot);
            if innermost && mentions(&rest[..1], name) == 1 && mentions(&rest[1..], name) == 0 {
                self.last_uses.push((slot, self.loops));
            }
        }
    }

    /// A variable's value: moved out at its last use, else copied.
    fn variable(&mut self, name: &str) -> Result<Code, Unsupported> {
        let slot = self.lookup(name)?;
        if self.last_uses.contains(&(slot, self.loops)) {
            return Ok(Box::new(move |run| {
                Ok(std::mem::replace(run.slot(slot), Val::Unit))
            }));
        }
        Ok(Box::new(move |run| run.read(slot)))
    }

    fn statement(&mut self, statement: &Stmt) -> Result<Code, Unsupported> {
        match statement {
            Stmt::Noop(..) => Ok(Box::new(|_| Ok(Val::Unit))),
            Stmt::Expr(expr) => self.expr(expr),
            Stmt::FnCall(call, ..) => self.call(call),
            Stmt::Block(block) => self.block(block.statements()),
            Stmt::Var(var, ..) => {
                let value = self.expr(&var.1)?;
                let slot = self.declare(&var.0.name);
                Ok(Box::new(move |run| {
                    let value = value(run)?;
                    *run.slot(slot) = value;
                    Ok(Val::Unit)
                }))
            }
            Stmt::Assignment(assignment) => self.assignment(&assignment.0, &assignment.1),
            Stmt::If(flow, ..) => {
                let condition = self.expr(&flow.expr)?;
                let then = self.block(flow.body.statements())?;
                let otherwise = self.block(flow.branch.statements())?;
                Ok(Box::new(move |run| {
                    if truth(condition(run)?)? {
                        then(run)
                    } else {
                        otherwise(run)
                    }
                }))
            }
            Stmt::While(flow, ..) => self.while_loop(&flow.expr, &flow.body),
            Stmt::Do(flow, flags, ..) => self.do_loop(&flow.expr, &flow.body, *flags),
            Stmt::For(for_loop, ..) => {
                let (variable, counter, flow) = &**for_loop;
                self.for_loop(&variable.name, counter.as_ref().map(|c| &*c.name), flow)
            }
            Stmt::BreakLoop(None, flags, ..) if self.loops > 0 => {
                if flags.intersects(ASTFlags::BREAK) {
                    Ok(Box::new(|_| Err(Ctl::Break)))
                } else {
                    Ok(Box::new(|_| Err(Ctl::Continue)))
                }
            }
            // `throw` raises an error: Rhai's.
            Stmt::Return(_, flags, ..) if flags.intersects(ASTFlags::BREAK) => {
                Ok(Box::new(|_| Err(Ctl::Fall)))
            }
            Stmt::Return(None, ..) => Ok(Box::new(|_| Err(Ctl::Return(Val::Unit)))),
            Stmt::Return(Some(value), ..) => {
                let value = self.expr(value)?;
                Ok(Box::new(move |run| Err(Ctl::Return(value(run)?))))
            }
            _ => Err(Unsupported),
        }
    }

    fn assignment(
        &mut self,
        op: &rhai::OpAssignment,
        target: &rhai::BinaryExpr,
    ) -> Result<Code, Unsupported> {
        let place = self.place(&target.lhs)?;
        let value = self.expr(&target.rhs)?;
        let Some((_, _, _, _, op, _)) = op.get_op_assignment_info() else {
            return Ok(Box::new(move |run| {
                let value = value(run)?;
                *place.get(run)? = value;
                Ok(Val::Unit)
            }));
        };
        let op = op.clone();
        Ok(Box::new(move |run| {
            let value = value(run)?;
            let target = place.get(run)?;
            let old = std::mem::replace(target, Val::Unit);
            *target = binary(&op, old, value)?;
            Ok(Val::Unit)
        }))
    }

    fn while_loop(&mut self, condition: &Expr, body: &StmtBlock) -> Result<Code, Unsupported> {
        // The condition runs at every turn: it is inside the loop.
        self.loops += 1;
        let condition = match condition {
            Expr::Unit(..) => Ok(None),
            other => self.expr(other).map(Some),
        };
        let body = self.block(body.statements());
        self.loops -= 1;
        let (condition, body) = (condition?, body?);
        Ok(Box::new(move |run| {
            loop {
                run.tick()?;
                if let Some(condition) = &condition {
                    if !truth(condition(run)?)? {
                        break;
                    }
                }
                match body(run) {
                    Ok(_) | Err(Ctl::Continue) => {}
                    Err(Ctl::Break) => break,
                    Err(other) => return Err(other),
                }
            }
            Ok(Val::Unit)
        }))
    }

    fn do_loop(
        &mut self,
        condition: &Expr,
        body: &StmtBlock,
        flags: ASTFlags,
    ) -> Result<Code, Unsupported> {
        self.loops += 1;
        let body = self.block(body.statements());
        let condition = self.expr(condition);
        self.loops -= 1;
        let (body, condition) = (body?, condition?);
        let until = flags.intersects(ASTFlags::NEGATED);
        Ok(Box::new(move |run| {
            loop {
                run.tick()?;
                match body(run) {
                    Ok(_) | Err(Ctl::Continue) => {}
                    Err(Ctl::Break) => break,
                    Err(other) => return Err(other),
                }
                if truth(condition(run)?)? == until {
                    break;
                }
            }
            Ok(Val::Unit)
        }))
    }

    fn for_loop(
        &mut self,
        variable: &str,
        counter: Option<&str>,
        flow: &rhai::FlowControl,
    ) -> Result<Code, Unsupported> {
        let range = self.range(&flow.expr)?;
        let items = match range {
            Some(_) => None,
            None => Some(self.expr(&flow.expr)?),
        };
        let outer = self.names.len();
        let slot = self.declare(variable);
        let counter = counter.map(|c| self.declare(c));
        self.loops += 1;
        let body = self.block(flow.body.statements());
        self.loops -= 1;
        self.names.truncate(outer);
        let body = body?;
        // One turn: Ok(true) to go on.
        let turn = move |run: &mut Run<'_>, value: Val, count: i64| -> Flow<bool> {
            run.tick()?;
            *run.slot(slot) = value;
            if let Some(counter) = counter {
                *run.slot(counter) = Val::Int(count);
            }
            match body(run) {
                Ok(_) | Err(Ctl::Continue) => Ok(true),
                Err(Ctl::Break) => Ok(false),
                Err(other) => Err(other),
            }
        };
        if let Some(Range {
            from,
            to,
            inclusive,
        }) = range
        {
            return Ok(Box::new(move |run| {
                let (Val::Int(from), Val::Int(to)) = (from(run)?, to(run)?) else {
                    return Err(Ctl::Fall);
                };
                let end = i128::from(to) + i128::from(inclusive);
                let mut i = i128::from(from);
                while i < end {
                    let n = i64::try_from(i).map_err(|_| Ctl::Fall)?;
                    if !turn(run, Val::Int(n), n - from)? {
                        break;
                    }
                    i += 1;
                }
                Ok(Val::Unit)
            }));
        }
        // A constant array (`for s in [1, 3, 4]`) is not copied at each call.
        if let Expr::DynamicConstant(value, ..) = &flow.expr {
            if let Some(Val::Arr(items)) = constant(value) {
                return Ok(Box::new(move |run| {
                    for (count, item) in (0..).zip(&items) {
                        if !turn(run, item.clone(), count)? {
                            break;
                        }
                    }
                    Ok(Val::Unit)
                }));
            }
        }
        let items = items.ok_or(Unsupported)?;
        Ok(Box::new(move |run| {
            let Val::Arr(items) = items(run)? else {
                return Err(Ctl::Fall);
            };
            for (count, item) in (0..).zip(items) {
                if !turn(run, item, count)? {
                    break;
                }
            }
            Ok(Val::Unit)
        }))
    }

    /// The range a `for` loop runs over, when it is one.
    fn range(&mut self, expr: &Expr) -> Result<Option<Range>, Unsupported> {
        if let Expr::DynamicConstant(value, ..) = expr {
            return Ok(constant_range(value));
        }
        let Expr::FnCall(call, ..) = expr else {
            return Ok(None);
        };
        let inclusive = match (&call.op_token, &*call.name, call.args.len()) {
            (Some(Token::ExclusiveRange), _, 2) => false,
            (Some(Token::InclusiveRange), _, 2) => true,
            (None, "range", 2) if !self.is_script_fn("range", 2) => false,
            _ => return Ok(None),
        };
        Ok(Some(Range {
            from: self.expr(&call.args[0])?,
            to: self.expr(&call.args[1])?,
            inclusive,
        }))
    }

    fn is_script_fn(&self, name: &str, arity: usize) -> bool {
        self.signatures.contains_key(&(name.to_string(), arity))
    }

    /// Whether the script defines a function `name`, of any arity.
    fn defines(&self, name: &str) -> bool {
        self.signatures.keys().any(|(defined, _)| defined == name)
    }

    fn expr(&mut self, expr: &Expr) -> Result<Code, Unsupported> {
        match expr {
            Expr::IntegerConstant(n, ..) => {
                let n = *n;
                Ok(Box::new(move |_| Ok(Val::Int(n))))
            }
            Expr::BoolConstant(b, ..) => {
                let b = *b;
                Ok(Box::new(move |_| Ok(Val::Bool(b))))
            }
            Expr::Unit(..) => Ok(Box::new(|_| Ok(Val::Unit))),
            Expr::DynamicConstant(value, ..) => {
                let value = constant(value).ok_or(Unsupported)?;
                Ok(Box::new(move |run| {
                    if let Val::Arr(items) = &value {
                        run.build(weight(items))?;
                    }
                    Ok(value.clone())
                }))
            }
            Expr::Array(items, ..) => {
                let items = items
                    .iter()
                    .map(|item| self.expr(item))
                    .collect::<Result<Vec<_>, _>>()?;
                Ok(Box::new(move |run| {
                    run.build(items.len())?;
                    let mut values = Vec::with_capacity(items.len());
                    for item in &items {
                        values.push(item(run)?);
                    }
                    Ok(Val::Arr(values))
                }))
            }
            Expr::Variable(variable, ..) => self.variable(&variable.1),
            Expr::Stmt(block) => self.block(block.statements()),
            Expr::FnCall(call, ..) => self.call(call),
            Expr::And(operands, ..) => self.logic(operands, false),
            Expr::Or(operands, ..) => self.logic(operands, true),
            Expr::Index(..) | Expr::Dot(..) => self.chain(expr),
            _ => Err(Unsupported),
        }
    }

    /// `a && b && ...` (`stop_at` false) or `a || b || ...` (true).
    fn logic(&mut self, operands: &[Expr], stop_at: bool) -> Result<Code, Unsupported> {
        let operands = operands
            .iter()
            .map(|e| self.expr(e))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Box::new(move |run| {
            for operand in &operands {
                if truth(operand(run)?)? == stop_at {
                    return Ok(Val::Bool(stop_at));
                }
            }
            Ok(Val::Bool(!stop_at))
        }))
    }

    /// A call: an operator, one of the script's functions, or a method in
    /// function style.
    fn call(&mut self, call: &FnCallExpr) -> Result<Code, Unsupported> {
        if call.capture_parent_scope {
            return Err(Unsupported);
        }
        let args = call
            .args
            .iter()
            .map(|a| self.expr(a))
            .collect::<Result<Vec<_>, _>>()?;
        if call.op_token == Some(Token::In) {
            // `x in a` is `a.contains(x)`, its arguments swapped by the parser.
            return pure_method(Method::Contains, args);
        }
        if let Some(op) = &call.op_token {
            return operator(op, args);
        }
        if let Some(&index) = self
            .signatures
            .get(&(call.name.to_string(), call.args.len()))
        {
            return Ok(Box::new(move |run| {
                let from = run.stack.len();
                for arg in &args {
                    let value = arg(run)?;
                    run.stack.push(value);
                }
                run.call(index, from)
            }));
        }
        if self.defines(&call.name) {
            return Err(Unsupported);
        }
        let method = (!args.is_empty())
            .then(|| Method::named(&call.name, args.len() - 1))
            .flatten()
            .filter(|m| m.is_pure())
            .ok_or(Unsupported)?;
        pure_method(method, args)
    }

    /// A variable or an element of one, as the target of an assignment.
    fn place(&mut self, expr: &Expr) -> Result<Place, Unsupported> {
        let (root, links) = match expr {
            Expr::Variable(..) => (expr, Vec::new()),
            Expr::Index(..) => self.links(expr)?,
            _ => return Err(Unsupported),
        };
        let Expr::Variable(variable, ..) = root else {
            return Err(Unsupported);
        };
        Ok(Place {
            slot: self.lookup(&variable.1)?,
            indices: indices(links)?,
        })
    }

    /// The root of an index or method chain (`a[i][j]`, `a.push(x)`,
    /// `a[i].len()`) and what follows it, in order. Rhai nests a chain to
    /// the right; [`ASTFlags::BREAK`] marks its last link. Rhai evaluates
    /// the chain's indices and arguments before it follows the chain: they
    /// must change nothing, so that the order does not matter.
    fn links<'e>(&mut self, expr: &'e Expr) -> Result<(&'e Expr, Vec<Link>), Unsupported> {
        let (Expr::Index(node, flags, ..) | Expr::Dot(node, flags, ..)) = expr else {
            return Err(Unsupported);
        };
        let mut links = Vec::new();
        let (mut rest, mut indexing, mut last) = (
            &node.rhs,
            matches!(expr, Expr::Index(..)),
            flags.intersects(ASTFlags::BREAK),
        );
        if flags.intersects(ASTFlags::NEGATED) {
            return Err(Unsupported);
        }
        loop {
            let (link, next) = match rest {
                Expr::Index(inner, flags, ..) | Expr::Dot(inner, flags, ..) if !last => {
                    if flags.intersects(ASTFlags::NEGATED) {
                        return Err(Unsupported);
                    }
                    let next = (
                        &inner.rhs,
                        matches!(rest, Expr::Index(..)),
                        flags.intersects(ASTFlags::BREAK),
                    );
                    (&inner.lhs, Some(next))
                }
                other => (other, None),
            };
            links.push(self.link(link, indexing)?);
            match next {
                Some(next) => (rest, indexing, last) = next,
                None => break,
            }
        }
        Ok((&node.lhs, links))
    }

    /// One link of a chain: an index (`indexing`) or a method call.
    fn link(&mut self, expr: &Expr, indexing: bool) -> Result<Link, Unsupported> {
        if indexing {
            if changes_something(expr) {
                return Err(Unsupported);
            }
            return Ok(Link::Index(self.expr(expr)?));
        }
        let Expr::MethodCall(call, ..) = expr else {
            return Err(Unsupported);
        };
        if call.args.iter().any(changes_something) {
            return Err(Unsupported);
        }
        // A method call may reach a script's function of that name: Rhai's.
        if self.defines(&call.name) {
            return Err(Unsupported);
        }
        let method = Method::named(&call.name, call.args.len()).ok_or(Unsupported)?;
        let args = call
            .args
            .iter()
            .map(|a| self.expr(a))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Link::Method(method, args))
    }

    /// An index or method chain as a value. On a variable it works in place:
    /// the first method changes the variable (or its element), and nothing
    /// is copied but what the chain gives.
    fn chain(&mut self, expr: &Expr) -> Result<Code, Unsupported> {
        let (root, mut links) = self.links(expr)?;
        let first_method = links
            .iter()
            .position(|link| matches!(link, Link::Method(..)))
            .unwrap_or(links.len());
        let mut rest = links.split_off(first_method);
        let (method, args) = match rest.is_empty() {
            true => (None, Vec::new()),
            false => match rest.remove(0) {
                Link::Method(method, args) => (Some(method), args),
                Link::Index(_) => return Err(Unsupported),
            },
        };
        let place = Place {
            slot: usize::MAX,
            indices: indices(links)?,
        };
        let root = match root {
            Expr::Variable(variable, ..) => Root::Variable(self.lookup(&variable.1)?),
            other => Root::Value(self.expr(other)?),
        };
        Ok(Box::new(move |run| {
            let arguments = arguments(run, &args)?;
            let at = place.resolve(run)?;
            let mut value = match &root {
                Root::Variable(slot) => {
                    let Run {
                        stack, base, built, ..
                    } = &mut *run;
                    let target = navigate(&mut stack[*base + slot], &at)?;
                    match method {
                        Some(method) => method.apply(built, target, arguments)?,
                        None => copy(built, target)?,
                    }
                }
                Root::Value(code) => {
                    let mut value = code(run)?;
                    let mut target = std::mem::take(navigate(&mut value, &at)?);
                    match method {
                        Some(method) => method.apply(&mut run.built, &mut target, arguments)?,
                        None => target,
                    }
                }
            };
            for link in &rest {
                value = follow(run, value, link)?;
            }
            Ok(value)
        }))
    }
}

/// The links of a chain that must all be indices.
fn indices(links: Vec<Link>) -> Result<Vec<Code>, Unsupported> {
    let indices = links
        .into_iter()
        .map(|link| match link {
            Link::Index(code) => Ok(code),
            Link::Method(..) => Err(Unsupported),
        })
        .collect::<Result<Vec<_>, _>>()?;
    if indices.len() > MAX_INDICES {
        return Err(Unsupported);
    }
    Ok(indices)
}

/// Whether evaluating `expr` may change a variable: an assignment, a
/// declaration or a method that changes its object, anywhere in it.
fn changes_something(expr: &Expr) -> bool {
    let mut changes = false;
    expr.walk(&mut Vec::new(), &mut |path: &[rhai::ASTNode]| {
        changes |= match path.last() {
            Some(rhai::ASTNode::Stmt(Stmt::Assignment(..) | Stmt::Var(..))) => true,
            Some(rhai::ASTNode::Expr(Expr::MethodCall(call, ..))) => {
                Method::named(&call.name, call.args.len()).map_or(true, |m| !m.is_pure())
            }
            _ => false,
        };
        !changes
    });
    changes
}

/// The values of a method's arguments (at most two).
fn arguments(run: &mut Run<'_>, args: &[Code]) -> Flow<[Val; 2]> {
    let mut values = [Val::Unit, Val::Unit];
    for (value, arg) in values.iter_mut().zip(args) {
        *value = arg(run)?;
    }
    Ok(values)
}

/// A copy of `value`, counted.
fn copy(built: &mut u64, value: &Val) -> Flow<Val> {
    if let Val::Arr(items) = value {
        count_built(built, weight(items))?;
    }
    Ok(value.clone())
}

/// What a link of a chain gives on `value`, a temporary.
fn follow(run: &mut Run<'_>, mut value: Val, link: &Link) -> Flow<Val> {
    match link {
        Link::Index(index) => {
            let i = integer(index(run)?)?;
            let Val::Arr(mut items) = value else {
                return Err(Ctl::Fall);
            };
            Ok(std::mem::take(element(&mut items, i)?))
        }
        Link::Method(method, args) => {
            let arguments = arguments(run, args)?;
            method.apply(&mut run.built, &mut value, arguments)
        }
    }
}

/// A method that leaves its object as it was, called on the value of the
/// first of `args` with the others.
fn pure_method(method: Method, mut args: Vec<Code>) -> Result<Code, Unsupported> {
    if args.is_empty() || args.len() > 3 {
        return Err(Unsupported);
    }
    let object = args.remove(0);
    Ok(Box::new(move |run| {
        let mut object = object(run)?;
        let arguments = arguments(run, &args)?;
        method.apply(&mut run.built, &mut object, arguments)
    }))
}

/// The root of a chain: a variable, changed in place, or a value.
enum Root {
    Variable(usize),
    Value(Code),
}

impl Place {
    /// The value kept there (the indices evaluated first, left to right).
    fn get<'r>(&self, run: &'r mut Run<'_>) -> Flow<&'r mut Val> {
        let at = self.resolve(run)?;
        navigate(run.slot(self.slot), &at)
    }

    /// The values of the indices, left to right.
    fn resolve(&self, run: &mut Run<'_>) -> Flow<Indices> {
        let mut at = Indices {
            at: [0; MAX_INDICES],
            len: self.indices.len(),
        };
        for (n, index) in self.indices.iter().enumerate() {
            at.at[n] = integer(index(run)?)?;
        }
        Ok(at)
    }
}

/// The values of a place's indices.
struct Indices {
    at: [i64; MAX_INDICES],
    len: usize,
}

/// The element of `root` that `at` names.
fn navigate<'v>(root: &'v mut Val, at: &Indices) -> Flow<&'v mut Val> {
    let mut target = root;
    for &i in &at.at[..at.len] {
        let Val::Arr(items) = target else {
            return Err(Ctl::Fall);
        };
        target = element(items, i)?;
    }
    Ok(target)
}

/// An operator applied to its compiled operands.
fn operator(op: &Token, mut args: Vec<Code>) -> Result<Code, Unsupported> {
    let op = op.clone();
    match args.len() {
        1 => {
            let a = args.pop().ok_or(Unsupported)?;
            Ok(match op {
                Token::Minus | Token::UnaryMinus => Box::new(move |run| match a(run)? {
                    Val::Int(x) => int(x.checked_neg()),
                    _ => Err(Ctl::Fall),
                }),
                Token::Plus | Token::UnaryPlus => Box::new(move |run| match a(run)? {
                    Val::Int(x) => Ok(Val::Int(x)),
                    _ => Err(Ctl::Fall),
                }),
                Token::Bang => Box::new(move |run| Ok(Val::Bool(!truth(a(run)?)?))),
                _ => return Err(Unsupported),
            })
        }
        2 => {
            let b = args.pop().ok_or(Unsupported)?;
            let a = args.pop().ok_or(Unsupported)?;
            if matches!(op, Token::ExclusiveRange | Token::InclusiveRange) {
                return Err(Unsupported);
            }
            Ok(Box::new(move |run| {
                let x = a(run)?;
                let y = b(run)?;
                if let (Val::Int(x), Val::Int(y)) = (&x, &y) {
                    return int_binary(&op, *x, *y);
                }
                binary(&op, x, y)
            }))
        }
        _ => Err(Unsupported),
    }
}
