//! A script's syntax tree, read into the fast path's own tree ([`Node`]),
//! with a type term for every expression ([`super::types`]).
//!
//! Reading settles what the code needs no run to know: which variable a
//! name is, which function a call reaches, which array methods and operators
//! are used, and where a variable is read for the last time (there it is
//! moved, not copied). Only the functions that `fn moves` and
//! `fn components` reach are read: a helper that nothing calls does not keep
//! a script off the fast path.

use std::collections::HashMap;

use rhai::{ASTFlags, Dynamic, Expr, FnCallExpr, Stmt, Token, AST};

use super::types::{Term, Ty, Types};
use super::Unsupported;

/// A variable of a function: an index into [`Function::variables`].
pub(super) type Var = usize;

/// An expression or a statement (a statement has a value too: `()`, or its
/// last expression's), with its type term.
pub(super) struct Node {
    pub(super) kind: Kind,
    pub(super) term: Term,
}

/// What a [`Node`] does.
pub(super) enum Kind {
    Int(i64),
    Bool(bool),
    Unit,
    /// A constant array, of integers or of arrays of integers.
    Constant(Vec<Vec<i64>>, Nesting),
    /// A variable's value: moved out at its last use, else copied.
    Read {
        var: Var,
        moved: bool,
    },
    /// An array literal.
    Array(Vec<Node>),
    Negate(Box<Node>),
    Not(Box<Node>),
    Binary(Op, Box<Node>, Box<Node>),
    /// `a && b && ...` (`false`) or `a || b || ...` (`true`): stops at the
    /// first operand of that value.
    Logic(Vec<Node>, bool),
    /// A call of the script's function `usize`.
    Call(usize, Vec<Node>),
    /// An element of a variable or of a value: `a[i]`, `a[i][j]`.
    Element(Target, Vec<Node>),
    /// A method called on a variable (changed in place), on an element of
    /// one, or on a value.
    Method {
        target: Target,
        indices: Vec<Node>,
        method: Method,
        args: Vec<Node>,
    },
    /// Statements in order; the value of the last.
    Block(Vec<Node>),
    Let(Var, Box<Node>),
    /// `place = value`, or `place op= value`.
    Assign {
        place: Place,
        op: Option<Op>,
        value: Box<Node>,
    },
    If {
        condition: Box<Node>,
        then: Box<Node>,
        otherwise: Box<Node>,
    },
    /// `while condition { body }`, or `loop { body }` without a condition.
    While(Option<Box<Node>>, Box<Node>),
    /// `do { body } while condition` (`until` false) or `until condition`.
    Do {
        body: Box<Node>,
        condition: Box<Node>,
        until: bool,
    },
    For {
        var: Var,
        counter: Option<Var>,
        source: Source,
        body: Box<Node>,
    },
    Break,
    Continue,
    Return(Box<Node>),
    /// `throw`: an error, which only Rhai reports.
    Throw,
}

/// Whether a [`Kind::Constant`] is an array of integers (its one row) or of
/// arrays.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Nesting {
    Ints,
    Rows,
}

/// What a method or an index applies to.
pub(super) enum Target {
    /// A variable, changed in place.
    Var(Var),
    /// A value, a temporary.
    Value(Box<Node>),
}

/// A variable or an element of one, as the target of an assignment.
pub(super) struct Place {
    pub(super) var: Var,
    pub(super) indices: Vec<Node>,
}

/// What a `for` loop runs over.
pub(super) enum Source {
    /// `from..to` or `from..=to`.
    Range {
        from: Box<Node>,
        to: Box<Node>,
        inclusive: bool,
    },
    /// The elements of an array.
    Items(Box<Node>),
}

/// A binary operator.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Op {
    Add,
    Subtract,
    Multiply,
    Divide,
    Modulo,
    Power,
    ShiftLeft,
    ShiftRight,
    And,
    Or,
    Xor,
    Less,
    LessOrEqual,
    Greater,
    GreaterOrEqual,
    Equal,
    NotEqual,
}

impl Op {
    fn of(token: &Token) -> Option<Op> {
        use Token as T;
        Some(match token {
            T::Plus => Op::Add,
            T::Minus => Op::Subtract,
            T::Multiply => Op::Multiply,
            T::Divide => Op::Divide,
            T::Modulo => Op::Modulo,
            T::PowerOf => Op::Power,
            T::LeftShift => Op::ShiftLeft,
            T::RightShift => Op::ShiftRight,
            T::Ampersand => Op::And,
            T::Pipe => Op::Or,
            T::XOr => Op::Xor,
            T::LessThan => Op::Less,
            T::LessThanEqualsTo => Op::LessOrEqual,
            T::GreaterThan => Op::Greater,
            T::GreaterThanEqualsTo => Op::GreaterOrEqual,
            T::EqualsTo => Op::Equal,
            T::NotEqualsTo => Op::NotEqual,
            _ => return None,
        })
    }

    /// The type of `a op b`, given the term of both operands (unified); the
    /// operands' type is checked once resolved
    /// ([`Op::takes`]).
    fn result(self, types: &mut Types, operands: Term) -> Result<Term, Unsupported> {
        Ok(match self {
            Op::Equal | Op::NotEqual => types.boolean(),
            Op::Less | Op::LessOrEqual | Op::Greater | Op::GreaterOrEqual => {
                let int = types.int();
                types.unify(operands, int)?;
                types.boolean()
            }
            Op::Add | Op::And | Op::Or | Op::Xor => operands,
            _ => {
                let int = types.int();
                types.unify(operands, int)?;
                int
            }
        })
    }

    /// Whether the operator applies to operands of type `ty`.
    pub(super) fn takes(self, ty: Ty) -> bool {
        match self {
            Op::Equal | Op::NotEqual => matches!(ty, Ty::Bool | Ty::Int | Ty::Ints | Ty::Rows),
            Op::Add => matches!(ty, Ty::Int | Ty::Ints | Ty::Rows),
            Op::And | Op::Or | Op::Xor => matches!(ty, Ty::Bool | Ty::Int),
            _ => ty == Ty::Int,
        }
    }
}

/// The array and integer methods the fast path knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Method {
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
    pub(super) fn is_pure(self) -> bool {
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

    /// Whether both kinds of arrays have it alike (it changes the array and
    /// gives `()` whatever its elements).
    pub(super) fn is_common(self) -> bool {
        matches!(
            self,
            Method::Clear | Method::Reverse | Method::Append | Method::Truncate
        )
    }

    /// The type of `target.method(args)`: unifies the terms of the target
    /// and the arguments with what the method takes.
    fn result(self, types: &mut Types, target: Term, args: &[Term]) -> Result<Term, Unsupported> {
        let int = types.int();
        let unit = types.unit();
        Ok(match self {
            Method::Abs | Method::Min | Method::Max => {
                types.unify(target, int)?;
                for &arg in args {
                    types.unify(arg, int)?;
                }
                int
            }
            Method::Len => {
                types.element(target)?;
                int
            }
            Method::IsEmpty => {
                types.element(target)?;
                types.boolean()
            }
            Method::Push | Method::Contains | Method::Insert => {
                let element = types.element(target)?;
                if self == Method::Insert {
                    types.unify(args[0], int)?;
                }
                types.unify(args[args.len() - 1], element)?;
                match self {
                    Method::Contains => types.boolean(),
                    _ => unit,
                }
            }
            Method::Pop => types.element(target)?,
            Method::Remove => {
                types.unify(args[0], int)?;
                types.element(target)?
            }
            // Rhai sorts no array of arrays of two or more: the run falls back.
            Method::Sort | Method::Clear | Method::Reverse => {
                types.element(target)?;
                unit
            }
            Method::Append => {
                types.element(target)?;
                types.unify(args[0], target)?;
                unit
            }
            Method::Truncate => {
                types.element(target)?;
                types.unify(args[0], int)?;
                unit
            }
        })
    }
}

/// A function of the script, read.
pub(super) struct Function {
    pub(super) name: String,
    /// The terms of its parameters, then of its other variables.
    pub(super) variables: Vec<Term>,
    pub(super) arity: usize,
    pub(super) result: Term,
    /// Its body, once read (the functions nothing reaches are not).
    pub(super) body: Option<Node>,
    /// Whether it calls no function and has no `return`: its body may then
    /// stand in place of its calls.
    pub(super) inlinable: bool,
}

/// The functions of a script that `fn moves` and `fn components` reach,
/// read, with the types of everything in them.
pub(super) struct Tree {
    pub(super) functions: Vec<Function>,
    pub(super) types: Types,
}

impl Tree {
    /// Reads the functions of `ast` that those named `roots` reach (each
    /// taking a position and giving a list of positions, if defined).
    pub(super) fn read(ast: &AST, roots: &[&str]) -> Result<Tree, Unsupported> {
        let defs: Vec<_> = ast.iter_fn_def().collect();
        let statements = bodies(ast, &defs).ok_or(Unsupported)?;
        let mut types = Types::default();
        let mut functions: Vec<Function> = defs
            .iter()
            .map(|def| Function {
                name: def.name.to_string(),
                variables: def.params.iter().map(|_| types.open()).collect(),
                arity: def.params.len(),
                result: types.open(),
                body: None,
                inlinable: false,
            })
            .collect();
        let signatures: HashMap<(String, usize), usize> = functions
            .iter()
            .enumerate()
            .map(|(i, f)| ((f.name.clone(), f.arity), i))
            .collect();
        let mut queue = Vec::new();
        for root in roots {
            if let Some(&index) = signatures.get(&(root.to_string(), 1)) {
                let (position, positions) = (types.of(Ty::Ints), types.of(Ty::Rows));
                types.unify(functions[index].variables[0], position)?;
                types.unify(functions[index].result, positions)?;
                queue.push(index);
            }
        }
        let results: Vec<Term> = functions.iter().map(|f| f.result).collect();
        let parameters: Vec<Vec<Term>> = functions.iter().map(|f| f.variables.clone()).collect();
        let mut read = vec![false; functions.len()];
        while let Some(index) = queue.pop() {
            if std::mem::replace(&mut read[index], true) {
                continue;
            }
            let mut scope = Scope {
                names: defs[index]
                    .params
                    .iter()
                    .enumerate()
                    .map(|(var, name)| (name.to_string(), var))
                    .collect(),
                variables: parameters[index].clone(),
                types: &mut types,
                signatures: &signatures,
                function: index,
                results: &results,
                parameters: &parameters,
                called: Vec::new(),
                returns: false,
                loops: 0,
                breaks: Vec::new(),
                last_uses: Vec::new(),
            };
            let body = scope.statements(&statements[index], 0, true)?;
            scope.types.unify(body.term, results[index])?;
            let (variables, called, returns) = (scope.variables, scope.called, scope.returns);
            functions[index].variables = variables;
            functions[index].body = Some(body);
            functions[index].inlinable = called.is_empty() && !returns;
            queue.extend(called);
        }
        Ok(Tree { functions, types })
    }
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

/// A constant array of the syntax tree, when it is one the fast path has:
/// integers, or arrays of integers.
fn constant(value: &Dynamic) -> Option<(Vec<Vec<i64>>, Nesting)> {
    let items = value.as_array_ref().ok()?;
    let ints: Option<Vec<i64>> = items.iter().map(|item| item.as_int().ok()).collect();
    if let Some(ints) = ints {
        return Some((vec![ints], Nesting::Ints));
    }
    let rows = items
        .iter()
        .map(|item| {
            let row = item.as_array_ref().ok()?;
            row.iter().map(|n| n.as_int().ok()).collect()
        })
        .collect::<Option<_>>()?;
    Some((rows, Nesting::Rows))
}

/// A range that Rhai's optimizer made a constant (`0..4`).
fn constant_range(value: &Dynamic) -> Option<(i64, i64, bool)> {
    if let Some(r) = value.read_lock::<std::ops::Range<i64>>() {
        return Some((r.start, r.end, false));
    }
    let r = value.read_lock::<std::ops::RangeInclusive<i64>>()?;
    Some((*r.start(), *r.end(), true))
}

/// What follows the root of an index or method chain.
enum Link {
    Index(Node),
    Method(Method, Vec<Node>),
}

/// The names in scope while a function is read, and what reading found.
struct Scope<'s> {
    /// The names in scope, the innermost last, with their variables.
    names: Vec<(String, Var)>,
    /// The terms of the function's variables.
    variables: Vec<Term>,
    types: &'s mut Types,
    signatures: &'s HashMap<(String, usize), usize>,
    /// The function being read.
    function: usize,
    /// The result term of each function.
    results: &'s [Term],
    /// The parameter terms of each function.
    parameters: &'s [Vec<Term>],
    /// The functions the function calls.
    called: Vec<usize>,
    /// Whether it has a `return`.
    returns: bool,
    /// How many loops enclose the code being read.
    loops: usize,
    /// For each loop that encloses the code being read, whether a `break`
    /// of its own was read.
    breaks: Vec<bool>,
    /// The variables whose one mention in the statement being read is
    /// their last, with the loops enclosing their statement: read there, a
    /// variable is moved, not copied (a value the caller builds and
    /// returns, or passes on, is not copied at every step).
    last_uses: Vec<(Var, usize)>,
}

impl Scope<'_> {
    fn node(&self, kind: Kind, term: Term) -> Node {
        Node { kind, term }
    }

    fn unit(&mut self, kind: Kind) -> Node {
        let term = self.types.unit();
        self.node(kind, term)
    }

    /// A node whose type is free: it gives no value (`return`, `break`).
    fn never(&mut self, kind: Kind) -> Node {
        let term = self.types.open();
        self.node(kind, term)
    }

    fn declare(&mut self, name: &str, term: Term) -> Var {
        self.variables.push(term);
        let var = self.variables.len() - 1;
        self.names.push((name.to_string(), var));
        var
    }

    fn lookup(&self, name: &str) -> Result<Var, Unsupported> {
        self.names
            .iter()
            .rev()
            .find(|(n, _)| n == name)
            .map(|&(_, var)| var)
            .ok_or(Unsupported)
    }

    /// A block: its statements in order, its value the last one's (when
    /// `valued`: a value that is used); its variables end with it.
    fn block(&mut self, block: &[Stmt], valued: bool) -> Result<Node, Unsupported> {
        let owned = self.names.len();
        self.statements(block, owned, valued)
    }

    /// The statements of a block whose own variables are those from the
    /// `owned`-th in scope on (a function's body owns its parameters).
    fn statements(
        &mut self,
        block: &[Stmt],
        owned: usize,
        valued: bool,
    ) -> Result<Node, Unsupported> {
        let outer = self.names.len();
        let mut nodes = Vec::with_capacity(block.len());
        for i in 0..block.len() {
            let marked = self.last_uses.len();
            self.mark_last_uses(&block[i..], owned);
            let last = i + 1 == block.len();
            let node = self.statement(&block[i], valued && last);
            self.last_uses.truncate(marked);
            nodes.push(node?);
        }
        self.names.truncate(outer);
        let term = match nodes.last() {
            Some(last) => last.term,
            None => self.types.unit(),
        };
        Ok(self.node(Kind::Block(nodes), term))
    }

    /// Marks the variables of the block from the `owned`-th on that the
    /// first of `rest` (the block's statements from the one to read on)
    /// mentions once and the others never.
    fn mark_last_uses(&mut self, rest: &[Stmt], owned: usize) {
        for at in owned..self.names.len() {
            let (name, var) = &self.names[at];
            let innermost = self.names.iter().rposition(|(n, _)| n == name) == Some(at);
            if innermost && mentions(&rest[..1], name) == 1 && mentions(&rest[1..], name) == 0 {
                self.last_uses.push((*var, self.loops));
            }
        }
    }

    /// A variable's value: moved out at its last use, else copied.
    fn variable(&mut self, name: &str) -> Result<Node, Unsupported> {
        let var = self.lookup(name)?;
        let moved = self.last_uses.contains(&(var, self.loops));
        Ok(self.node(Kind::Read { var, moved }, self.variables[var]))
    }

    fn statement(&mut self, statement: &Stmt, valued: bool) -> Result<Node, Unsupported> {
        match statement {
            Stmt::Noop(..) => Ok(self.unit(Kind::Unit)),
            Stmt::Expr(expr) => self.expr(expr),
            Stmt::FnCall(call, ..) => self.call(call),
            Stmt::Block(block) => self.block(block.statements(), valued),
            Stmt::Var(var, ..) => {
                let value = self.expr(&var.1)?;
                let declared = self.declare(&var.0.name, value.term);
                Ok(self.unit(Kind::Let(declared, Box::new(value))))
            }
            Stmt::Assignment(assignment) => self.assignment(&assignment.0, &assignment.1),
            Stmt::If(flow, ..) => {
                let condition = self.condition(&flow.expr)?;
                let then = self.block(flow.body.statements(), valued)?;
                let otherwise = self.block(flow.branch.statements(), valued)?;
                let term = match valued {
                    true => {
                        self.types.unify(then.term, otherwise.term)?;
                        then.term
                    }
                    false => self.types.unit(),
                };
                let kind = Kind::If {
                    condition: Box::new(condition),
                    then: Box::new(then),
                    otherwise: Box::new(otherwise),
                };
                Ok(self.node(kind, term))
            }
            Stmt::While(flow, ..) => {
                // The condition runs at every turn: it is inside the loop.
                self.enter_loop();
                let condition = match &flow.expr {
                    Expr::Unit(..) => Ok(None),
                    other => self.condition(other).map(|c| Some(Box::new(c))),
                };
                let body = self.block(flow.body.statements(), false);
                let broken = self.leave_loop();
                let condition = condition?;
                let endless = condition.is_none() && !broken;
                let kind = Kind::While(condition, Box::new(body?));
                // `loop { }` without a `break` ends only by `return`: it
                // gives no value, and may stand where any is wanted.
                Ok(match endless {
                    true => self.never(kind),
                    false => self.unit(kind),
                })
            }
            Stmt::Do(flow, flags, ..) => {
                self.enter_loop();
                let body = self.block(flow.body.statements(), false);
                let condition = self.condition(&flow.expr);
                self.leave_loop();
                let kind = Kind::Do {
                    body: Box::new(body?),
                    condition: Box::new(condition?),
                    until: flags.intersects(ASTFlags::NEGATED),
                };
                Ok(self.unit(kind))
            }
            Stmt::For(for_loop, ..) => {
                let (variable, counter, flow) = &**for_loop;
                self.for_loop(&variable.name, counter.as_ref().map(|c| &*c.name), flow)
            }
            Stmt::BreakLoop(None, flags, ..) if self.loops > 0 => {
                let kind = match flags.intersects(ASTFlags::BREAK) {
                    true => {
                        *self.breaks.last_mut().expect("in a loop") = true;
                        Kind::Break
                    }
                    false => Kind::Continue,
                };
                Ok(self.never(kind))
            }
            Stmt::Return(_, flags, ..) if flags.intersects(ASTFlags::BREAK) => {
                Ok(self.never(Kind::Throw))
            }
            Stmt::Return(value, ..) => {
                let value = match value {
                    Some(value) => self.expr(value)?,
                    None => self.unit(Kind::Unit),
                };
                let result = self.results[self.function];
                self.types.unify(value.term, result)?;
                self.returns = true;
                Ok(self.never(Kind::Return(Box::new(value))))
            }
            _ => Err(Unsupported),
        }
    }

    fn enter_loop(&mut self) {
        self.loops += 1;
        self.breaks.push(false);
    }

    /// Leaves the innermost loop; whether a `break` of its own was read.
    fn leave_loop(&mut self) -> bool {
        self.loops -= 1;
        self.breaks.pop().unwrap_or(false)
    }

    /// An expression that must be a boolean.
    fn condition(&mut self, expr: &Expr) -> Result<Node, Unsupported> {
        let node = self.expr(expr)?;
        let boolean = self.types.boolean();
        self.types.unify(node.term, boolean)?;
        Ok(node)
    }

    /// An expression that must be an integer.
    fn integer(&mut self, expr: &Expr) -> Result<Node, Unsupported> {
        let node = self.expr(expr)?;
        let int = self.types.int();
        self.types.unify(node.term, int)?;
        Ok(node)
    }

    fn assignment(
        &mut self,
        op: &rhai::OpAssignment,
        target: &rhai::BinaryExpr,
    ) -> Result<Node, Unsupported> {
        let (place, term) = self.place(&target.lhs)?;
        let value = self.expr(&target.rhs)?;
        let op = match op.get_op_assignment_info() {
            Some((_, _, _, _, op, _)) => Some(Op::of(op).ok_or(Unsupported)?),
            None => None,
        };
        self.types.unify(value.term, term)?;
        if let Some(op) = op {
            let result = op.result(self.types, term)?;
            self.types.unify(result, term)?;
        }
        Ok(self.unit(Kind::Assign {
            place,
            op,
            value: Box::new(value),
        }))
    }

    fn for_loop(
        &mut self,
        variable: &str,
        counter: Option<&str>,
        flow: &rhai::FlowControl,
    ) -> Result<Node, Unsupported> {
        let (source, item) = match self.range(&flow.expr)? {
            Some(range) => (range, self.types.int()),
            None => {
                let items = self.expr(&flow.expr)?;
                let item = self.types.element(items.term)?;
                (Source::Items(Box::new(items)), item)
            }
        };
        let outer = self.names.len();
        let var = self.declare(variable, item);
        let counter = match counter {
            Some(name) => {
                let int = self.types.int();
                Some(self.declare(name, int))
            }
            None => None,
        };
        self.enter_loop();
        let body = self.block(flow.body.statements(), false);
        self.leave_loop();
        self.names.truncate(outer);
        Ok(self.unit(Kind::For {
            var,
            counter,
            source,
            body: Box::new(body?),
        }))
    }

    /// The range a `for` loop runs over, when it is one: `a..b`, `a..=b`
    /// or `range(a, b)`.
    fn range(&mut self, expr: &Expr) -> Result<Option<Source>, Unsupported> {
        if let Expr::DynamicConstant(value, ..) = expr {
            let Some((from, to, inclusive)) = constant_range(value) else {
                return Ok(None);
            };
            let (from, to) = (self.constant_int(from), self.constant_int(to));
            return Ok(Some(Source::Range {
                from: Box::new(from),
                to: Box::new(to),
                inclusive,
            }));
        }
        let Expr::FnCall(call, ..) = expr else {
            return Ok(None);
        };
        let inclusive = match (&call.op_token, &*call.name, call.args.len()) {
            (Some(Token::ExclusiveRange), _, 2) => false,
            (Some(Token::InclusiveRange), _, 2) => true,
            (None, "range", 2) if !self.defines("range") => false,
            _ => return Ok(None),
        };
        Ok(Some(Source::Range {
            from: Box::new(self.integer(&call.args[0])?),
            to: Box::new(self.integer(&call.args[1])?),
            inclusive,
        }))
    }

    fn constant_int(&mut self, n: i64) -> Node {
        let term = self.types.int();
        self.node(Kind::Int(n), term)
    }

    /// Whether the script defines a function `name`, of any arity.
    fn defines(&self, name: &str) -> bool {
        self.signatures.keys().any(|(defined, _)| defined == name)
    }

    fn expr(&mut self, expr: &Expr) -> Result<Node, Unsupported> {
        match expr {
            Expr::IntegerConstant(n, ..) => Ok(self.constant_int(*n)),
            Expr::BoolConstant(b, ..) => {
                let term = self.types.boolean();
                Ok(self.node(Kind::Bool(*b), term))
            }
            Expr::Unit(..) => Ok(self.unit(Kind::Unit)),
            Expr::DynamicConstant(value, ..) => {
                let (rows, nesting) = constant(value).ok_or(Unsupported)?;
                let element = match nesting {
                    Nesting::Ints if rows[0].is_empty() => self.types.open(),
                    Nesting::Ints => self.types.int(),
                    Nesting::Rows if rows.iter().all(Vec::is_empty) => {
                        let open = self.types.open();
                        self.types.array(open)
                    }
                    Nesting::Rows => self.types.of(Ty::Ints),
                };
                let term = self.types.array(element);
                Ok(self.node(Kind::Constant(rows, nesting), term))
            }
            Expr::Array(items, ..) => {
                let element = self.types.open();
                let items = items
                    .iter()
                    .map(|item| {
                        let node = self.expr(item)?;
                        self.types.unify(node.term, element)?;
                        Ok(node)
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                let term = self.types.array(element);
                Ok(self.node(Kind::Array(items), term))
            }
            Expr::Variable(variable, ..) => self.variable(&variable.1),
            Expr::Stmt(block) => self.block(block.statements(), true),
            Expr::FnCall(call, ..) => self.call(call),
            Expr::And(operands, ..) => self.logic(operands, false),
            Expr::Or(operands, ..) => self.logic(operands, true),
            Expr::Index(..) | Expr::Dot(..) => self.chain(expr),
            _ => Err(Unsupported),
        }
    }

    /// `a && b && ...` (`stop_at` false) or `a || b || ...` (true).
    fn logic(&mut self, operands: &[Expr], stop_at: bool) -> Result<Node, Unsupported> {
        let operands = operands
            .iter()
            .map(|e| self.condition(e))
            .collect::<Result<Vec<_>, _>>()?;
        let term = self.types.boolean();
        Ok(self.node(Kind::Logic(operands, stop_at), term))
    }

    /// A call: an operator, one of the script's functions, or a method in
    /// function style.
    fn call(&mut self, call: &FnCallExpr) -> Result<Node, Unsupported> {
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
            return self.pure_method(Method::Contains, args);
        }
        if let Some(op) = &call.op_token {
            return self.operator(op, args);
        }
        if let Some(&index) = self.signatures.get(&(call.name.to_string(), args.len())) {
            for (arg, &parameter) in args.iter().zip(&self.parameters[index]) {
                self.types.unify(arg.term, parameter)?;
            }
            self.called.push(index);
            return Ok(self.node(Kind::Call(index, args), self.results[index]));
        }
        if self.defines(&call.name) || args.is_empty() {
            return Err(Unsupported);
        }
        let method = Method::named(&call.name, args.len() - 1)
            .filter(|m| m.is_pure())
            .ok_or(Unsupported)?;
        self.pure_method(method, args)
    }

    /// A method that leaves its object as it was, called on the value of the
    /// first of `args` with the others.
    fn pure_method(&mut self, method: Method, mut args: Vec<Node>) -> Result<Node, Unsupported> {
        if args.is_empty() || args.len() > 3 {
            return Err(Unsupported);
        }
        let object = args.remove(0);
        let terms: Vec<Term> = args.iter().map(|a| a.term).collect();
        let term = method.result(self.types, object.term, &terms)?;
        let kind = Kind::Method {
            target: Target::Value(Box::new(object)),
            indices: Vec::new(),
            method,
            args,
        };
        Ok(self.node(kind, term))
    }

    /// An operator applied to its operands.
    fn operator(&mut self, op: &Token, mut args: Vec<Node>) -> Result<Node, Unsupported> {
        match args.len() {
            1 => {
                let a = args.pop().ok_or(Unsupported)?;
                match op {
                    Token::Minus | Token::UnaryMinus => {
                        let int = self.types.int();
                        self.types.unify(a.term, int)?;
                        Ok(self.node(Kind::Negate(Box::new(a)), int))
                    }
                    Token::Plus | Token::UnaryPlus => {
                        let int = self.types.int();
                        self.types.unify(a.term, int)?;
                        Ok(a)
                    }
                    Token::Bang => {
                        let boolean = self.types.boolean();
                        self.types.unify(a.term, boolean)?;
                        Ok(self.node(Kind::Not(Box::new(a)), boolean))
                    }
                    _ => Err(Unsupported),
                }
            }
            2 => {
                let b = args.pop().ok_or(Unsupported)?;
                let a = args.pop().ok_or(Unsupported)?;
                let op = Op::of(op).ok_or(Unsupported)?;
                self.types.unify(a.term, b.term)?;
                let term = op.result(self.types, a.term)?;
                Ok(self.node(Kind::Binary(op, Box::new(a), Box::new(b)), term))
            }
            _ => Err(Unsupported),
        }
    }

    /// A variable or an element of one, as the target of an assignment,
    /// with the term of what it holds.
    fn place(&mut self, expr: &Expr) -> Result<(Place, Term), Unsupported> {
        let (root, links) = match expr {
            Expr::Variable(..) => (expr, Vec::new()),
            Expr::Index(..) => self.links(expr)?,
            _ => return Err(Unsupported),
        };
        let Expr::Variable(variable, ..) = root else {
            return Err(Unsupported);
        };
        let var = self.lookup(&variable.1)?;
        let indices = indices(links)?;
        let term = self.indexed(self.variables[var], indices.len())?;
        Ok((Place { var, indices }, term))
    }

    /// The term of an element `depth` indices into a value of term `term`.
    fn indexed(&mut self, mut term: Term, depth: usize) -> Result<Term, Unsupported> {
        for _ in 0..depth {
            term = self.types.element(term)?;
        }
        Ok(term)
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
            return Ok(Link::Index(self.integer(expr)?));
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
    fn chain(&mut self, expr: &Expr) -> Result<Node, Unsupported> {
        let (root, mut links) = self.links(expr)?;
        let first_method = links
            .iter()
            .position(|link| matches!(link, Link::Method(..)))
            .unwrap_or(links.len());
        let rest = links.split_off(first_method);
        let indices = indices(links)?;
        let (target, root_term) = match root {
            Expr::Variable(variable, ..) => {
                let var = self.lookup(&variable.1)?;
                (Target::Var(var), self.variables[var])
            }
            other => {
                let value = self.expr(other)?;
                let term = value.term;
                (Target::Value(Box::new(value)), term)
            }
        };
        let indexed = self.indexed(root_term, indices.len())?;
        let mut rest = rest.into_iter();
        let mut node = match rest.next() {
            None => self.node(Kind::Element(target, indices), indexed),
            Some(Link::Method(method, args)) => {
                self.method(target, indices, indexed, method, args)?
            }
            Some(Link::Index(_)) => unreachable!("split at the first method"),
        };
        for link in rest {
            node = match link {
                Link::Index(index) => {
                    let term = self.types.element(node.term)?;
                    self.node(
                        Kind::Element(Target::Value(Box::new(node)), vec![index]),
                        term,
                    )
                }
                Link::Method(method, args) => {
                    let term = node.term;
                    self.method(
                        Target::Value(Box::new(node)),
                        Vec::new(),
                        term,
                        method,
                        args,
                    )?
                }
            };
        }
        Ok(node)
    }

    /// `target[indices].method(args)`, where `target[indices]` has term
    /// `object`.
    fn method(
        &mut self,
        target: Target,
        indices: Vec<Node>,
        object: Term,
        method: Method,
        args: Vec<Node>,
    ) -> Result<Node, Unsupported> {
        let terms: Vec<Term> = args.iter().map(|a| a.term).collect();
        let term = method.result(self.types, object, &terms)?;
        let kind = Kind::Method {
            target,
            indices,
            method,
            args,
        };
        Ok(self.node(kind, term))
    }
}

/// The links of a chain that must all be indices.
fn indices(links: Vec<Link>) -> Result<Vec<Node>, Unsupported> {
    let indices = links
        .into_iter()
        .map(|link| match link {
            Link::Index(node) => Ok(node),
            Link::Method(..) => Err(Unsupported),
        })
        .collect::<Result<Vec<_>, _>>()?;
    // Arrays nest at most twice.
    if indices.len() > 2 {
        return Err(Unsupported);
    }
    Ok(indices)
}
