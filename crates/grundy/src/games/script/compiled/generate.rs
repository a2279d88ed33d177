//! The fast path's tree ([`super::lower`]) turned into closures, one per
//! node, each giving a value of the node's resolved type: an integer is an
//! `i64` from end to end, a position a `Vec<i64>`, a list of positions
//! [`Rows`].

// Code generic in a value's type is also made for `()` (by `for_type!`),
// where a unit value passed or bound is what the generic code means.
#![allow(clippy::unit_arg, clippy::let_unit_value)]

use std::cell::Cell;

use super::lower::{Function, Kind, Method, Nesting, Node, Op, Place, Source, Target, Tree, Var};
use super::run::{
    array_method, int_method, rhai_index, rows_method, Arg, Array, Code, Ctl, Flow, Func, Out,
    Rows, Run, Slots, Value,
};
use super::types::Ty;
use super::Unsupported;

type Unit = ();

/// A closure of any type.
enum Any {
    Unit(Code<()>),
    Bool(Code<bool>),
    Int(Code<i64>),
    Array(Code<Vec<i64>>),
    Rows(Code<Rows>),
}

/// A [`Value`] as the generator handles it: its type, and its closures
/// among [`Any`].
trait Typed: Value {
    const TY: Ty;
    fn any(code: Code<Self>) -> Any;
    fn from_any(any: Any) -> Option<Code<Self>>;
}

macro_rules! typed {
    ($t:ty, $ty:ident, $variant:ident) => {
        impl Typed for $t {
            const TY: Ty = Ty::$ty;
            fn any(code: Code<Self>) -> Any {
                Any::$variant(code)
            }
            fn from_any(any: Any) -> Option<Code<Self>> {
                match any {
                    Any::$variant(code) => Some(code),
                    _ => None,
                }
            }
        }
    };
}

typed!((), Unit, Unit);
typed!(bool, Bool, Bool);
typed!(i64, Int, Int);
typed!(Vec<i64>, Ints, Array);
typed!(Rows, Rows, Rows);

/// `$e`, generic in the type `$t`, for the Rust type of `$ty`.
macro_rules! for_type {
    ($ty:expr, $t:ident => $e:expr) => {
        match $ty {
            Ty::Unit => {
                type $t = ();
                $e
            }
            Ty::Bool => {
                type $t = bool;
                $e
            }
            Ty::Int => {
                type $t = i64;
                $e
            }
            Ty::Ints => {
                type $t = Vec<i64>;
                $e
            }
            Ty::Rows => {
                type $t = Rows;
                $e
            }
        }
    };
}

/// Every function of `tree` compiled (those never read fall back if
/// called, which they cannot be).
pub(super) fn functions(tree: &Tree) -> Result<Vec<Func>, Unsupported> {
    tree.functions
        .iter()
        .map(|function| {
            let used = Cell::new(Slots::default());
            Generator::new(tree, function, &used)?.function()
        })
        .collect()
}

/// What compiling one function needs: the types of its variables and
/// where each is kept.
struct Generator<'t> {
    tree: &'t Tree,
    function: &'t Function,
    /// The type of each variable, and its slot among those of its type.
    vars: Vec<(Ty, usize)>,
    /// The slots of the function being compiled taken so far: its own
    /// variables', then those of the functions inlined in it.
    used: &'t Cell<Slots>,
}

impl<'t> Generator<'t> {
    /// A generator of `function`'s code whose variables take the next slots
    /// of `used`.
    fn new(
        tree: &'t Tree,
        function: &'t Function,
        used: &'t Cell<Slots>,
    ) -> Result<Generator<'t>, Unsupported> {
        let mut slots = used.get();
        let mut vars = Vec::with_capacity(function.variables.len());
        for &term in &function.variables {
            let ty = tree.types.resolve(term)?;
            let count = slots.of_mut(ty);
            vars.push((ty, *count));
            *count += 1;
        }
        used.set(slots);
        Ok(Generator {
            tree,
            function,
            vars,
            used,
        })
    }

    fn ty(&self, node: &Node) -> Result<Ty, Unsupported> {
        self.tree.types.resolve(node.term)
    }

    fn function(&self) -> Result<Func, Unsupported> {
        let mut parameters = Slots::default();
        for &(ty, slot) in &self.vars[..self.function.arity] {
            let count = parameters.of_mut(ty);
            *count = (*count).max(slot + 1);
        }
        let body: Code<()> = match &self.function.body {
            None => Box::new(|_| Err(Ctl::Fall)),
            Some(body) => {
                let result = self.tree.types.resolve(self.function.result)?;
                for_type!(result, T => self.returning::<T>(body)?)
            }
        };
        Ok(Func {
            name: self.function.name.clone(),
            arity: self.function.arity,
            parameters,
            slots: self.used.get(),
            body,
        })
    }

    /// `node`'s value left in the return slot of `T`.
    fn returning<T: Typed>(&self, node: &Node) -> Result<Code<()>, Unsupported> {
        let value = self.typed::<T>(node)?;
        Ok(Box::new(move |run| {
            let value = value(run)?;
            give_back(run, value);
            Ok(())
        }))
    }

    fn typed<T: Typed>(&self, node: &Node) -> Result<Code<T>, Unsupported> {
        T::from_any(self.any(node)?).ok_or(Unsupported)
    }

    /// `node` run for its effect, its value dropped.
    fn effect(&self, node: &Node) -> Result<Code<()>, Unsupported> {
        // A method's value dropped may be Rhai's `()` (`r.pop();` on an
        // empty array).
        if let Kind::Method {
            target,
            indices,
            method,
            args,
        } = &node.kind
        {
            return Unit::from_any(self.method(Ty::Unit, target, indices, *method, args)?)
                .ok_or(Unsupported);
        }
        Ok(match self.any(node)? {
            Any::Unit(code) => code,
            Any::Bool(code) => Box::new(move |run| code(run).map(drop)),
            Any::Int(code) => Box::new(move |run| code(run).map(drop)),
            Any::Array(code) => Box::new(move |run| {
                let value = code(run)?;
                run.m.heap.recycle_array(value);
                Ok(())
            }),
            Any::Rows(code) => Box::new(move |run| {
                let value = code(run)?;
                run.m.heap.recycle_rows(value);
                Ok(())
            }),
        })
    }

    /// A branch of an `if`: its value when the `if` gives one, else its
    /// effect.
    fn branch<T: Typed>(&self, node: &Node) -> Result<Code<T>, Unsupported> {
        match T::TY {
            Ty::Unit => T::from_any(Any::Unit(self.effect(node)?)).ok_or(Unsupported),
            _ => self.typed::<T>(node),
        }
    }

    fn any(&self, node: &Node) -> Result<Any, Unsupported> {
        let ty = self.ty(node)?;
        Ok(match &node.kind {
            &Kind::Int(n) => Any::Int(Box::new(move |_| Ok(n))),
            &Kind::Bool(b) => Any::Bool(Box::new(move |_| Ok(b))),
            Kind::Unit => Any::Unit(Box::new(|_| Ok(()))),
            Kind::Constant(rows, nesting) => constant(ty, rows, *nesting)?,
            &Kind::Read { var, moved } => {
                let slot = self.slot(var, ty)?;
                for_type!(ty, T => T::any(read::<T>(slot, moved)))
            }
            Kind::Array(items) => self.array(ty, items)?,
            Kind::Negate(a) => {
                let a = self.typed::<i64>(a)?;
                Any::Int(Box::new(move |run| a(run)?.checked_neg().ok_or(Ctl::Fall)))
            }
            Kind::Not(a) => {
                let a = self.typed::<bool>(a)?;
                Any::Bool(Box::new(move |run| Ok(!a(run)?)))
            }
            Kind::Binary(op, a, b) => self.binary(*op, a, b)?,
            Kind::Logic(operands, stop_at) => {
                let operands = operands
                    .iter()
                    .map(|o| self.test(o))
                    .collect::<Result<Vec<_>, _>>()?;
                let stop_at = *stop_at;
                Any::Bool(Box::new(move |run| {
                    for operand in &operands {
                        if operand.get(run)? == stop_at {
                            return Ok(stop_at);
                        }
                    }
                    Ok(!stop_at)
                }))
            }
            Kind::Call(index, args) => for_type!(ty, T => T::any(self.call::<T>(*index, args)?)),
            Kind::Element(target, indices) => self.element(ty, target, indices)?,
            Kind::Method {
                target,
                indices,
                method,
                args,
            } => self.method(ty, target, indices, *method, args)?,
            Kind::Block(nodes) => for_type!(ty, T => T::any(self.block::<T>(nodes)?)),
            Kind::Let(var, value) => {
                let place = Place {
                    var: *var,
                    indices: Vec::new(),
                };
                Any::Unit(self.assign(&place, None, value)?)
            }
            Kind::Assign { place, op, value } => Any::Unit(self.assign(place, *op, value)?),
            Kind::If {
                condition,
                then,
                otherwise,
            } => {
                let condition = self.test(condition)?;
                for_type!(ty, T => {
                    let then = self.branch::<T>(then)?;
                    let otherwise = self.branch::<T>(otherwise)?;
                    T::any(Box::new(move |run| {
                        if condition.get(run)? {
                            then(run)
                        } else {
                            otherwise(run)
                        }
                    }))
                })
            }
            Kind::While(condition, body) => {
                let code = self.while_loop(condition.as_deref(), body)?;
                // A `loop` without `break` ends by `return` only, so it
                // stands where a value of any type is wanted.
                for_type!(ty, T => T::any(Box::new(move |run| {
                    code(run)?;
                    match T::TY {
                        Ty::Unit => Ok(T::default()),
                        _ => Err(Ctl::Fall),
                    }
                })))
            }
            Kind::Do {
                body,
                condition,
                until,
            } => Any::Unit(self.do_loop(body, condition, *until)?),
            Kind::For {
                var,
                counter,
                source,
                body,
            } => Any::Unit(self.for_loop(*var, *counter, source, body)?),
            Kind::Break => for_type!(ty, T => T::any(Box::new(|_| Err(Ctl::Break)))),
            Kind::Continue => for_type!(ty, T => T::any(Box::new(|_| Err(Ctl::Continue)))),
            Kind::Throw => for_type!(ty, T => T::any(Box::new(|_| Err(Ctl::Fall)))),
            Kind::Return(value) => {
                let returned = for_type!(self.ty(value)?, R => self.returning::<R>(value)?);
                for_type!(ty, T => T::any(Box::new(move |run| {
                    returned(run)?;
                    Err(Ctl::Return)
                })))
            }
        })
    }

    /// The slot of `var`, which must be of type `ty`.
    fn slot(&self, var: Var, ty: Ty) -> Result<usize, Unsupported> {
        match self.vars[var] {
            (held, slot) if held == ty => Ok(slot),
            _ => Err(Unsupported),
        }
    }

    fn block<T: Typed>(&self, nodes: &[Node]) -> Result<Code<T>, Unsupported> {
        let Some((last, rest)) = nodes.split_last() else {
            return T::from_any(Any::Unit(Box::new(|_| Ok(())))).ok_or(Unsupported);
        };
        let last = self.typed::<T>(last)?;
        let rest = rest
            .iter()
            .map(|n| self.effect(n))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(match rest.len() {
            0 => last,
            _ => Box::new(move |run| {
                for statement in &rest {
                    statement(run)?;
                }
                last(run)
            }),
        })
    }

    fn array(&self, ty: Ty, items: &[Node]) -> Result<Any, Unsupported> {
        Ok(match ty {
            Ty::Ints => {
                let items = self.all::<i64>(items)?;
                Any::Array(Box::new(move |run| {
                    run.m.heap.build(items.len())?;
                    let mut array = run.m.heap.array();
                    for item in &items {
                        match item(run) {
                            Ok(n) => array.push(n),
                            Err(e) => {
                                run.m.heap.recycle_array(array);
                                return Err(e);
                            }
                        }
                    }
                    Ok(array)
                }))
            }
            Ty::Rows => {
                let items = self.all::<Vec<i64>>(items)?;
                Any::Rows(Box::new(move |run| {
                    run.m.heap.build(items.len())?;
                    let mut rows = run.m.heap.rows();
                    for item in &items {
                        let row = item(run)?;
                        rows.push(&row);
                        run.m.heap.recycle_array(row);
                    }
                    Ok(rows)
                }))
            }
            _ => return Err(Unsupported),
        })
    }

    fn all<T: Typed>(&self, nodes: &[Node]) -> Result<Vec<Code<T>>, Unsupported> {
        nodes.iter().map(|n| self.typed::<T>(n)).collect()
    }

    fn binary(&self, op: Op, a: &Node, b: &Node) -> Result<Any, Unsupported> {
        let operands = self.ty(a)?;
        if !op.takes(operands) {
            return Err(Unsupported);
        }
        Ok(match operands {
            Ty::Int => int_operator(op, self.operand(a)?, self.operand(b)?),
            Ty::Bool => {
                let (a, b) = (self.typed::<bool>(a)?, self.typed::<bool>(b)?);
                let f: fn(bool, bool) -> bool = match op {
                    Op::Equal => |x, y| x == y,
                    Op::NotEqual => |x, y| x != y,
                    Op::And => |x, y| x & y,
                    Op::Or => |x, y| x | y,
                    _ => |x, y| x ^ y,
                };
                Any::Bool(Box::new(move |run| Ok(f(a(run)?, b(run)?))))
            }
            Ty::Ints => self.array_operator::<Vec<i64>>(op, a, b)?,
            Ty::Rows => self.array_operator::<Rows>(op, a, b)?,
            Ty::Unit => return Err(Unsupported),
        })
    }

    /// `a + b`, `a == b` or `a != b` on arrays of type `T`.
    fn array_operator<T: Typed + Array>(
        &self,
        op: Op,
        a: &Node,
        b: &Node,
    ) -> Result<Any, Unsupported> {
        let (a, b) = (self.typed::<T>(a)?, self.typed::<T>(b)?);
        if op != Op::Add {
            let equal = op == Op::Equal;
            return Ok(Any::Bool(Box::new(move |run| {
                let (x, y) = (a(run)?, b(run)?);
                let same = x == y;
                T::recycle(&mut run.m.heap, x);
                T::recycle(&mut run.m.heap, y);
                Ok(same == equal)
            })));
        }
        Ok(T::any(Box::new(move |run| {
            let mut x = a(run)?;
            let y = b(run)?;
            x.concatenate(y, &mut run.m.heap)?;
            Ok(x)
        })))
    }

    /// A call of the script's function `index`: its arguments pushed, its
    /// value taken from its return slot.
    fn call<T: Typed>(&self, index: usize, args: &[Node]) -> Result<Code<T>, Unsupported> {
        let callee = &self.tree.functions[index];
        if let (true, Some(body)) = (callee.inlinable, &callee.body) {
            return self.inline::<T>(callee, body, args);
        }
        let args = args
            .iter()
            .map(|arg| self.argument(arg))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Box::new(move |run| {
            let mark = run.arguments_mark();
            for arg in &args {
                if let Err(e) = arg(run) {
                    run.drop_arguments(mark);
                    return Err(e);
                }
            }
            run.call(index)?;
            Ok(std::mem::take(T::returned(run.m)))
        }))
    }

    /// A call of `callee`, a function that calls none and has no
    /// `return`, compiled in place: its parameters and variables take slots
    /// of their own in the caller's frame (at each call, so that calls in
    /// its arguments keep theirs), and the call costs no frame. It counts
    /// as an operation and a level of calls, as a call does.
    fn inline<T: Typed>(
        &self,
        callee: &Function,
        body: &Node,
        args: &[Node],
    ) -> Result<Code<T>, Unsupported> {
        let inlined = Generator::new(self.tree, callee, self.used)?;
        let parameters = args
            .iter()
            .zip(&inlined.vars)
            .map(|(arg, &(ty, slot))| for_type!(ty, P => self.store::<P>(arg, slot)))
            .collect::<Result<Vec<_>, _>>()?;
        let body = inlined.typed::<T>(body)?;
        Ok(Box::new(move |run| {
            for parameter in &parameters {
                parameter(run)?;
            }
            run.enter_inlined()?;
            let value = body(run);
            run.leave_inlined();
            value
        }))
    }

    /// `node`'s value stored in the variable `slot` of its type.
    fn store<T: Typed>(&self, node: &Node, slot: usize) -> Result<Code<()>, Unsupported> {
        // A variable moved into another: their buffers change places (the
        // one moved from is not read again before it is assigned).
        if let &Kind::Read { var, moved: true } = &node.kind {
            let from = self.slot(var, T::TY)?;
            if T::TY != Ty::Unit {
                return Ok(Box::new(move |run| {
                    T::stack(run.m).swap(from, slot);
                    Ok(())
                }));
            }
        }
        let value = self.typed::<T>(node)?;
        Ok(Box::new(move |run| {
            let value = value(run)?;
            let old = std::mem::replace(T::stack(run.m).get_mut(slot), value);
            T::recycle(&mut run.m.heap, old);
            Ok(())
        }))
    }

    /// `node`'s value pushed as an argument of a call.
    fn argument(&self, node: &Node) -> Result<Code<()>, Unsupported> {
        for_type!(self.ty(node)?, T => {
            let value = self.typed::<T>(node)?;
            Ok(Box::new(move |run: &mut Run<'_>| {
                let value = value(run)?;
                run.push_argument(value);
                Ok(())
            }))
        })
    }

    /// The indices of a chain, as integers.
    fn indices(&self, indices: &[Node]) -> Result<Vec<Operand>, Unsupported> {
        indices.iter().map(|n| self.operand(n)).collect()
    }

    /// A condition: a comparison of integer operands, tested without a call,
    /// else the closure of its expression.
    fn test(&self, node: &Node) -> Result<Test, Unsupported> {
        if let Kind::Binary(op, a, b) = &node.kind {
            if self.ty(a)? == Ty::Int && op.result_is_bool() {
                return Ok(Test::Compare(*op, self.operand(a)?, self.operand(b)?));
            }
        }
        Ok(Test::Code(self.typed::<bool>(node)?))
    }

    /// An integer operand: a constant, a variable, an element or the length
    /// of an array variable, read without a call; else the closure of its
    /// expression.
    fn operand(&self, node: &Node) -> Result<Operand, Unsupported> {
        Ok(match &node.kind {
            &Kind::Int(n) => Operand::Constant(n),
            &Kind::Read { var, .. } => Operand::Variable(self.slot(var, Ty::Int)?),
            Kind::Element(Target::Var(var), indices)
                if indices.len() == 1 && self.vars[*var].0 == Ty::Ints =>
            {
                let slot = self.vars[*var].1;
                match self.operand(&indices[0])? {
                    Operand::Constant(i) => Operand::ElementAt(slot, i),
                    Operand::Variable(i) => Operand::ElementOf(slot, i),
                    _ => Operand::Code(self.typed::<i64>(node)?),
                }
            }
            Kind::Method {
                target: Target::Var(var),
                indices,
                method: Method::Len,
                ..
            } if indices.is_empty() && self.vars[*var].0 == Ty::Ints => {
                Operand::Length(self.vars[*var].1)
            }
            _ => Operand::Code(self.typed::<i64>(node)?),
        })
    }

    /// The type held `depth` indices into a value of type `ty`.
    fn indexed(ty: Ty, depth: usize) -> Result<Ty, Unsupported> {
        match (ty, depth) {
            (ty, 0) => Ok(ty),
            (Ty::Ints, 1) | (Ty::Rows, 2) => Ok(Ty::Int),
            (Ty::Rows, 1) => Ok(Ty::Ints),
            _ => Err(Unsupported),
        }
    }

    /// The type of what a target holds.
    fn target_ty(&self, target: &Target) -> Result<Ty, Unsupported> {
        match target {
            Target::Var(var) => Ok(self.vars[*var].0),
            Target::Value(node) => self.ty(node),
        }
    }

    /// `target[indices]` as a value of type `ty`.
    fn element(&self, ty: Ty, target: &Target, indices: &[Node]) -> Result<Any, Unsupported> {
        let held = self.target_ty(target)?;
        if indices.is_empty() || Self::indexed(held, indices.len())? != ty {
            return Err(Unsupported);
        }
        let at = self.indices(indices)?;
        Ok(match (target, held, ty) {
            (&Target::Var(var), Ty::Ints, _) => {
                let (slot, i) = (self.vars[var].1, one(at));
                Any::Int(Box::new(move |run| {
                    let i = i.get(run)?;
                    array_element(run.m.arrays.get(slot), i)
                }))
            }
            (&Target::Var(var), _, Ty::Ints) => {
                let (slot, i) = (self.vars[var].1, one(at));
                Any::Array(Box::new(move |run| {
                    let i = i.get(run)?;
                    let m = &mut *run.m;
                    let rows = m.rows.get(slot);
                    m.heap.copy_array(rows.row(row_index(rows, i)?))
                }))
            }
            (&Target::Var(var), _, _) => {
                let (slot, [i, j]) = (self.vars[var].1, two(at));
                Any::Int(Box::new(move |run| {
                    let (i, j) = (i.get(run)?, j.get(run)?);
                    let rows = run.m.rows.get(slot);
                    array_element(rows.row(row_index(rows, i)?), j)
                }))
            }
            (Target::Value(node), Ty::Ints, _) => {
                let (value, i) = (self.typed::<Vec<i64>>(node)?, one(at));
                Any::Int(Box::new(move |run| {
                    let array = value(run)?;
                    let element = i.get(run).and_then(|i| array_element(&array, i));
                    run.m.heap.recycle_array(array);
                    element
                }))
            }
            (Target::Value(node), _, Ty::Ints) => {
                let (value, i) = (self.typed::<Rows>(node)?, one(at));
                Any::Array(Box::new(move |run| {
                    let rows = value(run)?;
                    let row = i.get(run).and_then(|i| {
                        let row = rows.row(row_index(&rows, i)?);
                        run.m.heap.copy_array(row)
                    });
                    run.m.heap.recycle_rows(rows);
                    row
                }))
            }
            (Target::Value(node), _, _) => {
                let (value, [i, j]) = (self.typed::<Rows>(node)?, two(at));
                Any::Int(Box::new(move |run| {
                    let rows = value(run)?;
                    let element = (|| {
                        let (i, j) = (i.get(run)?, j.get(run)?);
                        array_element(rows.row(row_index(&rows, i)?), j)
                    })();
                    run.m.heap.recycle_rows(rows);
                    element
                }))
            }
        })
    }

    /// `target[indices].method(args)`, of type `ty`.
    fn method(
        &self,
        ty: Ty,
        target: &Target,
        indices: &[Node],
        method: Method,
        args: &[Node],
    ) -> Result<Any, Unsupported> {
        let object = Self::indexed(self.target_ty(target)?, indices.len())?;
        if let (&Target::Var(var), true) = (target, indices.is_empty()) {
            if let Some(code) = self.variable_method(ty, self.vars[var], method, args)? {
                return Ok(code);
            }
        }
        let args = args
            .iter()
            .map(|arg| self.method_argument(arg))
            .collect::<Result<Vec<_>, _>>()?;
        let arguments = move |run: &mut Run<'_>| -> Flow<[Arg; 2]> {
            let mut values = [Arg::None, Arg::None];
            for (value, arg) in values.iter_mut().zip(&args) {
                *value = arg(run)?;
            }
            Ok(values)
        };
        let at = self.indices(indices)?;
        let apply: Code<Out> = match (target, object) {
            (Target::Value(node), Ty::Int) => {
                let value = self.typed::<i64>(node)?;
                Box::new(move |run| {
                    let args = arguments(run)?;
                    int_method(method, value(run)?, args)
                })
            }
            (Target::Value(node), Ty::Ints) => {
                self.method_on_value::<Vec<i64>>(node, method, arguments)?
            }
            (Target::Value(node), Ty::Rows) => {
                self.method_on_value::<Rows>(node, method, arguments)?
            }
            (&Target::Var(var), Ty::Int) => {
                // An integer variable or element: its value is what the
                // method takes (integer methods change nothing).
                let element = self.place_reader(var, at)?;
                Box::new(move |run| {
                    let args = arguments(run)?;
                    int_method(method, element(run)?, args)
                })
            }
            (&Target::Var(var), Ty::Ints) if at.is_empty() => {
                let slot = self.vars[var].1;
                Box::new(move |run| {
                    let args = arguments(run)?;
                    let m = &mut *run.m;
                    array_method(method, m.arrays.get_mut(slot), args, &mut m.heap)
                })
            }
            (&Target::Var(var), Ty::Ints) => {
                let (slot, i) = (self.vars[var].1, one(at));
                Box::new(move |run| {
                    let args = arguments(run)?;
                    let i = i.get(run)?;
                    run.m.change_row(slot, i, !method.is_pure(), |row, heap| {
                        array_method(method, row, args, heap)
                    })
                })
            }
            (&Target::Var(var), Ty::Rows) => {
                let slot = self.vars[var].1;
                Box::new(move |run| {
                    let args = arguments(run)?;
                    let m = &mut *run.m;
                    rows_method(method, m.rows.get_mut(slot), args, &mut m.heap)
                })
            }
            _ => return Err(Unsupported),
        };
        Ok(match ty {
            Ty::Unit => Any::Unit(Box::new(move |run| apply(run).map(drop))),
            Ty::Bool => Any::Bool(Box::new(move |run| match apply(run)? {
                Out::Bool(b) => Ok(b),
                _ => Err(Ctl::Fall),
            })),
            Ty::Int => Any::Int(Box::new(move |run| match apply(run)? {
                Out::Int(n) => Ok(n),
                _ => Err(Ctl::Fall),
            })),
            Ty::Ints => Any::Array(Box::new(move |run| match apply(run)? {
                Out::Array(a) => Ok(a),
                _ => Err(Ctl::Fall),
            })),
            Ty::Rows => return Err(Unsupported),
        })
    }

    /// `node.method(args)` on the array value `node` gives, of type `T`.
    fn method_on_value<T: Typed + Array>(
        &self,
        node: &Node,
        method: Method,
        arguments: impl Fn(&mut Run<'_>) -> Flow<[Arg; 2]> + Send + Sync + 'static,
    ) -> Result<Code<Out>, Unsupported> {
        let value = self.typed::<T>(node)?;
        Ok(Box::new(move |run| {
            let args = arguments(run)?;
            let mut target = value(run)?;
            let out = target.method(method, args, &mut run.m.heap);
            T::recycle(&mut run.m.heap, target);
            out
        }))
    }

    /// The methods most rules call on a variable, each in one closure:
    /// `a.len()`, `a.push(x)`, `a.sort()`, ... `None` for the others,
    /// called through [`Generator::method`]'s general path.
    fn variable_method(
        &self,
        ty: Ty,
        (held, slot): (Ty, usize),
        method: Method,
        args: &[Node],
    ) -> Result<Option<Any>, Unsupported> {
        Ok(Some(match (held, method, ty) {
            (Ty::Ints, Method::Len, Ty::Int) => {
                Any::Int(Box::new(move |run| Ok(run.m.arrays.get(slot).len() as i64)))
            }
            (Ty::Rows, Method::Len, Ty::Int) => {
                Any::Int(Box::new(move |run| Ok(run.m.rows.get(slot).len() as i64)))
            }
            (Ty::Ints, Method::IsEmpty, Ty::Bool) => {
                Any::Bool(Box::new(move |run| Ok(run.m.arrays.get(slot).is_empty())))
            }
            (Ty::Rows, Method::IsEmpty, Ty::Bool) => {
                Any::Bool(Box::new(move |run| Ok(run.m.rows.get(slot).len() == 0)))
            }
            (Ty::Ints, Method::Push, Ty::Unit) => {
                let x = self.operand(&args[0])?;
                Any::Unit(Box::new(move |run| {
                    let x = x.get(run)?;
                    let m = &mut *run.m;
                    let items = m.arrays.get_mut(slot);
                    m.heap.grow(items.len(), 1)?;
                    items.push(x);
                    Ok(())
                }))
            }
            // `r.push([a, b])`: the integers go to the list, not through an
            // array of their own.
            (Ty::Rows, Method::Push, Ty::Unit) if matches!(args[0].kind, Kind::Array(_)) => {
                let Kind::Array(items) = &args[0].kind else {
                    unreachable!("matched")
                };
                let items = items
                    .iter()
                    .map(|item| self.operand(item))
                    .collect::<Result<Vec<_>, _>>()?;
                Any::Unit(Box::new(move |run| {
                    let weight = run.m.rows.get(slot).weight();
                    run.m.heap.grow(weight, 1 + items.len())?;
                    let mut row = [0; 4];
                    let row = match items.len() <= row.len() {
                        // Most positions are short: their integers on the stack.
                        true => {
                            for (n, item) in row.iter_mut().zip(&items) {
                                *n = item.get(run)?;
                            }
                            &row[..items.len()]
                        }
                        false => {
                            let mut long = Vec::with_capacity(items.len());
                            for item in &items {
                                long.push(item.get(run)?);
                            }
                            run.m.rows.get_mut(slot).push(&long);
                            return Ok(());
                        }
                    };
                    run.m.rows.get_mut(slot).push(row);
                    Ok(())
                }))
            }
            (Ty::Rows, Method::Push, Ty::Unit) => {
                let row = self.typed::<Vec<i64>>(&args[0])?;
                Any::Unit(Box::new(move |run| {
                    let row = row(run)?;
                    let m = &mut *run.m;
                    let rows = m.rows.get_mut(slot);
                    m.heap.grow(rows.weight(), 1 + row.len())?;
                    rows.push(&row);
                    m.heap.recycle_array(row);
                    Ok(())
                }))
            }
            (Ty::Ints, Method::Sort, Ty::Unit) => Any::Unit(Box::new(move |run| {
                let items = run.m.arrays.get_mut(slot);
                match items.len() {
                    0 | 1 => {}
                    2 if items[0] > items[1] => items.swap(0, 1),
                    2 => {}
                    _ => items.sort_unstable(),
                }
                Ok(())
            })),
            (Ty::Ints, Method::Contains, Ty::Bool) => {
                let x = self.operand(&args[0])?;
                Any::Bool(Box::new(move |run| {
                    let x = x.get(run)?;
                    Ok(run.m.arrays.get(slot).contains(&x))
                }))
            }
            // Dropped, a `remove` beyond the end is Rhai's `()`, no error.
            (Ty::Ints, Method::Remove, Ty::Unit) => {
                let i = self.operand(&args[0])?;
                Any::Unit(Box::new(move |run| {
                    let i = i.get(run)?;
                    let items = run.m.arrays.get_mut(slot);
                    if let Some(i) = rhai_index(items.len(), i) {
                        items.remove(i);
                    }
                    Ok(())
                }))
            }
            _ => return Ok(None),
        }))
    }

    /// A method's argument, evaluated into an [`Arg`].
    fn method_argument(&self, node: &Node) -> Result<Code<Arg>, Unsupported> {
        Ok(match self.any(node)? {
            Any::Int(code) => Box::new(move |run| code(run).map(Arg::Int)),
            Any::Array(code) => Box::new(move |run| code(run).map(Arg::Array)),
            Any::Rows(code) => Box::new(move |run| code(run).map(Arg::Rows)),
            _ => return Err(Unsupported),
        })
    }

    /// The integer held in `var` at the indices `at` (an integer
    /// variable, an element of an array, or of a row of a list).
    fn place_reader(&self, var: Var, at: Vec<Operand>) -> Result<Code<i64>, Unsupported> {
        let (held, slot) = self.vars[var];
        Ok(match (held, at.len()) {
            (Ty::Int, 0) => Box::new(move |run| Ok(*run.m.ints.get(slot))),
            (Ty::Ints, 1) => {
                let i = one(at);
                Box::new(move |run| {
                    let i = i.get(run)?;
                    array_element(run.m.arrays.get(slot), i)
                })
            }
            (Ty::Rows, 2) => {
                let [i, j] = two(at);
                Box::new(move |run| {
                    let (i, j) = (i.get(run)?, j.get(run)?);
                    let rows = run.m.rows.get(slot);
                    array_element(rows.row(row_index(rows, i)?), j)
                })
            }
            _ => return Err(Unsupported),
        })
    }

    /// `place = value`, or `place op= value`: the value first, then the
    /// indices, as in Rhai.
    fn assign(&self, place: &Place, op: Option<Op>, value: &Node) -> Result<Code<()>, Unsupported> {
        let (held, slot) = self.vars[place.var];
        let ty = Self::indexed(held, place.indices.len())?;
        if op.is_some_and(|op| !op.takes(ty) || op.result_is_bool()) {
            return Err(Unsupported);
        }
        let at = self.indices(&place.indices)?;
        Ok(match (held, at.len()) {
            (_, 0) => for_type!(ty, T => self.assign_variable::<T>(slot, op, value)?),
            (Ty::Rows, 1) => {
                let (value, i) = (self.typed::<Vec<i64>>(value)?, one(at));
                Box::new(move |run| {
                    let value = value(run)?;
                    let i = i.get(run)?;
                    run.m.change_row(slot, i, true, |row, heap| {
                        if op.is_none() {
                            row.clear();
                        }
                        row.extend_from_slice(&value);
                        heap.recycle_array(value);
                        Ok(())
                    })
                })
            }
            _ => {
                let value = self.typed::<i64>(value)?;
                let store = element_writer(held, slot, at)?;
                Box::new(move |run| {
                    let value = value(run)?;
                    store(run, &|old| match op {
                        None => Ok(value),
                        Some(op) => int_op(op, old, value),
                    })
                })
            }
        })
    }

    /// `var = value` or `var op= value` for a variable of type `T`.
    fn assign_variable<T: Typed>(
        &self,
        slot: usize,
        op: Option<Op>,
        value: &Node,
    ) -> Result<Code<()>, Unsupported> {
        let Some(op) = op else {
            // `let next = rest;`, a copy: into the variable's own buffer.
            if let (Ty::Ints, &Kind::Read { var, moved: false }) = (T::TY, &value.kind) {
                let from = self.slot(var, Ty::Ints)?;
                return Ok(Box::new(move |run| {
                    let m = &mut *run.m;
                    let len = m.arrays.get(from).len();
                    m.heap.build(len)?;
                    // A variable moved out has no buffer: it takes a dead one's.
                    if m.arrays.get(slot).capacity() == 0 {
                        *m.arrays.get_mut(slot) = m.heap.array();
                    }
                    m.arrays.copy_within(from, slot);
                    Ok(())
                }));
            }
            // `let r = [];`: the variable's own buffer, emptied.
            if let Kind::Constant(rows, _) = &value.kind {
                if rows.iter().all(Vec::is_empty) {
                    return Ok(match T::TY {
                        Ty::Ints => Box::new(move |run| {
                            run.m.arrays.get_mut(slot).clear();
                            Ok(())
                        }),
                        _ => Box::new(move |run| {
                            run.m.rows.get_mut(slot).clear_all();
                            Ok(())
                        }),
                    });
                }
            }
            return self.store::<T>(value, slot);
        };
        Ok(match T::TY {
            Ty::Int => {
                let value = self.typed::<i64>(value)?;
                Box::new(move |run| {
                    let value = value(run)?;
                    let x = run.m.ints.get_mut(slot);
                    *x = int_op(op, *x, value)?;
                    Ok(())
                })
            }
            Ty::Bool => {
                let value = self.typed::<bool>(value)?;
                Box::new(move |run| {
                    let value = value(run)?;
                    let x = run.m.bools.get_mut(slot);
                    *x = match op {
                        Op::And => *x & value,
                        Op::Or => *x | value,
                        _ => *x ^ value,
                    };
                    Ok(())
                })
            }
            Ty::Ints => self.append_to_variable::<Vec<i64>>(slot, value)?,
            Ty::Rows => self.append_to_variable::<Rows>(slot, value)?,
            Ty::Unit => return Err(Unsupported),
        })
    }

    /// `var += value` for an array variable of type `T`.
    fn append_to_variable<T: Typed + Array>(
        &self,
        slot: usize,
        value: &Node,
    ) -> Result<Code<()>, Unsupported> {
        let value = self.typed::<T>(value)?;
        Ok(Box::new(move |run| {
            let more = value(run)?;
            let m = &mut *run.m;
            let mut target = std::mem::take(T::stack(m).get_mut(slot));
            let grown = target.concatenate(more, &mut m.heap);
            *T::stack(m).get_mut(slot) = target;
            grown
        }))
    }

    fn while_loop(&self, condition: Option<&Node>, body: &Node) -> Result<Code<()>, Unsupported> {
        let condition = condition.map(|c| self.test(c)).transpose()?;
        let body = self.effect(body)?;
        Ok(Box::new(move |run| {
            loop {
                run.tick()?;
                if let Some(condition) = &condition {
                    if !condition.get(run)? {
                        break;
                    }
                }
                if !turn(body(run))? {
                    break;
                }
            }
            Ok(())
        }))
    }

    fn do_loop(&self, body: &Node, condition: &Node, until: bool) -> Result<Code<()>, Unsupported> {
        let body = self.effect(body)?;
        let condition = self.typed::<bool>(condition)?;
        Ok(Box::new(move |run| {
            loop {
                run.tick()?;
                if !turn(body(run))? || condition(run)? == until {
                    break;
                }
            }
            Ok(())
        }))
    }

    fn for_loop(
        &self,
        var: Var,
        counter: Option<Var>,
        source: &Source,
        body: &Node,
    ) -> Result<Code<()>, Unsupported> {
        let counter = counter.map(|c| self.slot(c, Ty::Int)).transpose()?;
        let body = self.effect(body)?;
        // One turn, the loop variable set: Ok(true) to go on.
        let each = move |run: &mut Run<'_>, count: i64| -> Flow<bool> {
            if let Some(counter) = counter {
                *run.m.ints.get_mut(counter) = count;
            }
            turn(body(run))
        };
        match source {
            Source::Range {
                from,
                to,
                inclusive,
            } => {
                let slot = self.slot(var, Ty::Int)?;
                let (from, to, inclusive) =
                    (self.typed::<i64>(from)?, self.typed::<i64>(to)?, *inclusive);
                Ok(Box::new(move |run| {
                    let (from, to) = (from(run)?, to(run)?);
                    let end = i128::from(to) + i128::from(inclusive);
                    let mut i = i128::from(from);
                    while i < end {
                        run.tick()?;
                        // `i` lies between two i64s.
                        let n = i as i64;
                        *run.m.ints.get_mut(slot) = n;
                        if !each(run, n.wrapping_sub(from))? {
                            break;
                        }
                        i += 1;
                    }
                    Ok(())
                }))
            }
            Source::Items(items) => match (self.ty(items)?, &items.kind) {
                // A constant array (`for s in [1, 3, 4]`) is not copied at each call.
                (Ty::Ints, Kind::Constant(rows, Nesting::Ints)) => {
                    let (slot, items) = (self.slot(var, Ty::Int)?, rows[0].clone());
                    Ok(Box::new(move |run| {
                        for (count, &item) in (0..).zip(&items) {
                            run.tick()?;
                            *run.m.ints.get_mut(slot) = item;
                            if !each(run, count)? {
                                break;
                            }
                        }
                        Ok(())
                    }))
                }
                (Ty::Ints, _) => {
                    let (slot, items) = (self.slot(var, Ty::Int)?, self.typed::<Vec<i64>>(items)?);
                    Ok(Box::new(move |run| {
                        let set = |run: &mut Run<'_>, items: &Vec<i64>, i: usize| {
                            *run.m.ints.get_mut(slot) = items[i];
                            Ok(())
                        };
                        for_each_element(run, &items, set, &each)
                    }))
                }
                (Ty::Rows, _) => {
                    let (slot, items) = (self.slot(var, Ty::Ints)?, self.typed::<Rows>(items)?);
                    Ok(Box::new(move |run| {
                        let set = |run: &mut Run<'_>, rows: &Rows, i: usize| {
                            let m = &mut *run.m;
                            let row = rows.row(i);
                            m.heap.build(row.len())?;
                            let item = m.arrays.get_mut(slot);
                            item.clear();
                            item.extend_from_slice(row);
                            Ok(())
                        };
                        for_each_element(run, &items, set, &each)
                    }))
                }
                _ => Err(Unsupported),
            },
        }
    }
}

impl Op {
    /// Whether `a op b` is a boolean whatever `a` and `b` are (a
    /// comparison): no `op=` assigns one.
    fn result_is_bool(self) -> bool {
        matches!(
            self,
            Op::Less
                | Op::LessOrEqual
                | Op::Greater
                | Op::GreaterOrEqual
                | Op::Equal
                | Op::NotEqual
        )
    }
}

/// Leaves `value` in the return slot of its type.
fn give_back<T: Value>(run: &mut Run<'_>, value: T) {
    let old = std::mem::replace(T::returned(run.m), value);
    T::recycle(&mut run.m.heap, old);
}

/// How a loop's body ended: `Ok(true)` to go on, `Ok(false)` on `break`.
fn turn(ended: Flow<()>) -> Flow<bool> {
    match ended {
        Ok(()) | Err(Ctl::Continue) => Ok(true),
        Err(Ctl::Break) => Ok(false),
        Err(other) => Err(other),
    }
}

/// A variable's value: moved out at its last use, else copied.
fn read<T: Typed>(slot: usize, moved: bool) -> Code<T> {
    match moved {
        true => Box::new(move |run| {
            let spare = T::spare(&mut run.m.heap);
            Ok(std::mem::replace(T::stack(run.m).get_mut(slot), spare))
        }),
        false => Box::new(move |run| T::copy_slot(run.m, slot)),
    }
}

/// A constant array as a value of type `ty`: a counted copy at each use.
fn constant(ty: Ty, rows: &[Vec<i64>], nesting: Nesting) -> Result<Any, Unsupported> {
    Ok(match (ty, nesting) {
        (Ty::Ints, Nesting::Ints) => {
            let items = rows[0].clone();
            Any::Array(Box::new(move |run| run.m.heap.copy_array(&items)))
        }
        (Ty::Rows, _) => {
            let mut constant = Rows::default();
            if nesting == Nesting::Rows {
                for row in rows {
                    constant.push(row);
                }
            }
            Any::Rows(Box::new(move |run| run.m.heap.copy_rows(&constant)))
        }
        _ => return Err(Unsupported),
    })
}

/// A `for` loop over the array `items` gives: each turn sets the loop's
/// variable to element `i` (`set`) and runs the body (`each`, given the
/// turn's count: `Ok(false)` on `break`); the array is recycled after.
fn for_each_element<T: Array>(
    run: &mut Run<'_>,
    items: &Code<T>,
    set: impl Fn(&mut Run<'_>, &T, usize) -> Flow<()>,
    each: &impl Fn(&mut Run<'_>, i64) -> Flow<bool>,
) -> Flow<()> {
    let items = items(run)?;
    let mut ended = Ok(());
    for (count, i) in (0..).zip(0..items.elements()) {
        match run
            .tick()
            .and_then(|()| set(run, &items, i))
            .and_then(|()| each(run, count))
        {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => {
                ended = Err(e);
                break;
            }
        }
    }
    T::recycle(&mut run.m.heap, items);
    ended
}

/// A binary operator on integers, checked as Rhai checks it.
pub(super) fn int_op(op: Op, x: i64, y: i64) -> Flow<i64> {
    let value = match op {
        Op::Add => x.checked_add(y),
        Op::Subtract => x.checked_sub(y),
        Op::Multiply => x.checked_mul(y),
        Op::Divide => x.checked_div(y),
        Op::Modulo => x.checked_rem(y),
        Op::Power => u32::try_from(y).ok().and_then(|y| x.checked_pow(y)),
        Op::ShiftLeft => (0..64).contains(&y).then(|| x << y),
        Op::ShiftRight => (0..64).contains(&y).then(|| x >> y),
        Op::And => Some(x & y),
        Op::Or => Some(x | y),
        Op::Xor => Some(x ^ y),
        _ => None,
    };
    value.ok_or(Ctl::Fall)
}

/// `a op b` on integers: an integer, or a boolean for a comparison.
fn int_operator(op: Op, a: Operand, b: Operand) -> Any {
    macro_rules! compare {
        ($cmp:tt) => {
            Any::Bool(Box::new(move |run| Ok(a.get(run)? $cmp b.get(run)?)))
        };
    }
    macro_rules! checked {
        ($f:ident) => {
            Any::Int(Box::new(move |run| {
                a.get(run)?.$f(b.get(run)?).ok_or(Ctl::Fall)
            }))
        };
    }
    match op {
        Op::Less => compare!(<),
        Op::LessOrEqual => compare!(<=),
        Op::Greater => compare!(>),
        Op::GreaterOrEqual => compare!(>=),
        Op::Equal => compare!(==),
        Op::NotEqual => compare!(!=),
        Op::Add => checked!(checked_add),
        Op::Subtract => checked!(checked_sub),
        Op::Multiply => checked!(checked_mul),
        _ => Any::Int(Box::new(move |run| {
            let x = a.get(run)?;
            int_op(op, x, b.get(run)?)
        })),
    }
}

/// A condition: most compare integer operands.
enum Test {
    Compare(Op, Operand, Operand),
    Code(Code<bool>),
}

impl Test {
    #[inline(always)]
    fn get(&self, run: &mut Run<'_>) -> Flow<bool> {
        let Test::Compare(op, a, b) = self else {
            let Test::Code(code) = self else {
                unreachable!("two kinds")
            };
            return code(run);
        };
        let (x, y) = (a.get(run)?, b.get(run)?);
        Ok(match op {
            Op::Less => x < y,
            Op::LessOrEqual => x <= y,
            Op::Greater => x > y,
            Op::GreaterOrEqual => x >= y,
            Op::Equal => x == y,
            _ => x != y,
        })
    }
}

/// An integer operand: most are constants, variables, elements or lengths
/// of arrays, read without the call of a closure.
enum Operand {
    Constant(i64),
    Variable(usize),
    /// Element `i` (a constant) of the array variable in the slot.
    ElementAt(usize, i64),
    /// Element `i` (the integer variable in the second slot) of the array
    /// variable in the first.
    ElementOf(usize, usize),
    /// The length of the array variable in the slot.
    Length(usize),
    Code(Code<i64>),
}

impl Operand {
    #[inline(always)]
    fn get(&self, run: &mut Run<'_>) -> Flow<i64> {
        match *self {
            Operand::Constant(n) => Ok(n),
            Operand::Variable(slot) => Ok(*run.m.ints.get(slot)),
            Operand::ElementAt(slot, i) => array_element(run.m.arrays.get(slot), i),
            Operand::ElementOf(slot, i) => {
                let i = *run.m.ints.get(i);
                array_element(run.m.arrays.get(slot), i)
            }
            Operand::Length(slot) => Ok(run.m.arrays.get(slot).len() as i64),
            Operand::Code(ref code) => code(run),
        }
    }
}

/// Element `i` (Rhai's index) of `items`.
fn array_element(items: &[i64], i: i64) -> Flow<i64> {
    rhai_index(items.len(), i)
        .map(|i| items[i])
        .ok_or(Ctl::Fall)
}

/// Where Rhai's index `i` falls among the rows of `rows`.
fn row_index(rows: &Rows, i: i64) -> Flow<usize> {
    rhai_index(rows.len(), i).ok_or(Ctl::Fall)
}

/// The one index of a chain.
fn one(mut at: Vec<Operand>) -> Operand {
    at.pop().expect("one index")
}

/// The two indices of a chain.
fn two(at: Vec<Operand>) -> [Operand; 2] {
    let mut at = at.into_iter();
    let i = at.next().expect("two indices");
    let j = at.next().expect("two indices");
    [i, j]
}

/// Changes the integer at `slot`'s indices `at` (an element of an array,
/// or of a row of a list) to what `new` makes of it.
type Writer = Box<dyn Fn(&mut Run<'_>, &dyn Fn(i64) -> Flow<i64>) -> Flow<()> + Send + Sync>;

fn element_writer(held: Ty, slot: usize, at: Vec<Operand>) -> Result<Writer, Unsupported> {
    Ok(match (held, at.len()) {
        (Ty::Ints, 1) => {
            let i = one(at);
            Box::new(move |run, new| {
                let i = i.get(run)?;
                let items = run.m.arrays.get_mut(slot);
                let i = rhai_index(items.len(), i).ok_or(Ctl::Fall)?;
                items[i] = new(items[i])?;
                Ok(())
            })
        }
        (Ty::Rows, 2) => {
            let [i, j] = two(at);
            Box::new(move |run, new| {
                let (i, j) = (i.get(run)?, j.get(run)?);
                let rows = run.m.rows.get_mut(slot);
                let i = row_index(rows, i)?;
                let element = rows.element_mut(i, j)?;
                *element = new(*element)?;
                Ok(())
            })
        }
        _ => return Err(Unsupported),
    })
}
