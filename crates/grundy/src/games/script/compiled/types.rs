//! The types of the fast path's language, inferred by unification.
//!
//! A script has no type annotations, but the rules a fast path compiles use
//! few: integers, booleans, `()`, arrays of integers (a position) and arrays
//! of those (a list of positions). Each expression gets a type term; the
//! terms of what must be the same type are unified as the script is read
//! (an operator's operands, a function's parameter at every call, a
//! variable at every assignment), and the terms left open at the end
//! default to integers (an array never filled). A script whose terms do not
//! unify, or that needs any other type, is left to Rhai.

use super::Unsupported;

/// A type term: an index into [`Types`].
pub(super) type Term = usize;

/// A resolved type, as the compiled code holds values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Ty {
    Unit,
    Bool,
    Int,
    /// An array of integers.
    Ints,
    /// An array of arrays of integers.
    Rows,
}

#[derive(Clone, Copy)]
enum Shape {
    /// Not known yet.
    Open,
    /// The same as another term.
    Same(Term),
    Unit,
    Bool,
    Int,
    Array(Term),
}

/// The type terms of a script, with what unification found of them.
#[derive(Default)]
pub(super) struct Types {
    shapes: Vec<Shape>,
}

impl Types {
    fn add(&mut self, shape: Shape) -> Term {
        self.shapes.push(shape);
        self.shapes.len() - 1
    }

    /// A term not known yet.
    pub(super) fn open(&mut self) -> Term {
        self.add(Shape::Open)
    }

    pub(super) fn unit(&mut self) -> Term {
        self.add(Shape::Unit)
    }

    pub(super) fn boolean(&mut self) -> Term {
        self.add(Shape::Bool)
    }

    pub(super) fn int(&mut self) -> Term {
        self.add(Shape::Int)
    }

    /// An array of `element`s.
    pub(super) fn array(&mut self, element: Term) -> Term {
        self.add(Shape::Array(element))
    }

    /// A term of the given resolved type.
    pub(super) fn of(&mut self, ty: Ty) -> Term {
        match ty {
            Ty::Unit => self.unit(),
            Ty::Bool => self.boolean(),
            Ty::Int => self.int(),
            Ty::Ints => {
                let int = self.int();
                self.array(int)
            }
            Ty::Rows => {
                let ints = self.of(Ty::Ints);
                self.array(ints)
            }
        }
    }

    /// The term `term` stands for, following `Same` links.
    fn root(&self, mut term: Term) -> Term {
        while let Shape::Same(next) = self.shapes[term] {
            term = next;
        }
        term
    }

    /// Makes `a` and `b` the same type, or fails when they cannot be.
    pub(super) fn unify(&mut self, a: Term, b: Term) -> Result<(), Unsupported> {
        let (a, b) = (self.root(a), self.root(b));
        if a == b {
            return Ok(());
        }
        match (self.shapes[a], self.shapes[b]) {
            (Shape::Open, _) => self.shapes[a] = Shape::Same(b),
            (_, Shape::Open) => self.shapes[b] = Shape::Same(a),
            (Shape::Array(x), Shape::Array(y)) => {
                self.shapes[a] = Shape::Same(b);
                self.unify(x, y)?;
            }
            (Shape::Unit, Shape::Unit) | (Shape::Bool, Shape::Bool) | (Shape::Int, Shape::Int) => {
                self.shapes[a] = Shape::Same(b);
            }
            _ => return Err(Unsupported),
        }
        Ok(())
    }

    /// Makes `term` an array, and gives its element's term.
    pub(super) fn element(&mut self, term: Term) -> Result<Term, Unsupported> {
        let root = self.root(term);
        if let Shape::Array(element) = self.shapes[root] {
            return Ok(element);
        }
        let element = self.open();
        let array = self.array(element);
        self.unify(term, array)?;
        Ok(element)
    }

    /// The type `term` resolved to: terms left open are integers; arrays
    /// nest at most twice, around integers only.
    pub(super) fn resolve(&self, term: Term) -> Result<Ty, Unsupported> {
        self.resolve_within(term, 2)
    }

    /// [`Types::resolve`] for a term that may hold at most `arrays` levels
    /// of arrays (an array that holds itself holds too many).
    fn resolve_within(&self, term: Term, arrays: usize) -> Result<Ty, Unsupported> {
        match self.shapes[self.root(term)] {
            Shape::Open | Shape::Int => Ok(Ty::Int),
            Shape::Unit => Ok(Ty::Unit),
            Shape::Bool => Ok(Ty::Bool),
            Shape::Same(_) => unreachable!("a root links nowhere"),
            Shape::Array(_) if arrays == 0 => Err(Unsupported),
            Shape::Array(element) => match self.resolve_within(element, arrays - 1)? {
                Ty::Int => Ok(Ty::Ints),
                Ty::Ints => Ok(Ty::Rows),
                _ => Err(Unsupported),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrays_unify_element_by_element_and_open_terms_default_to_integers() {
        let mut types = Types::default();
        let (a, b) = (types.open(), types.open());
        let rows = types.array(a);
        let element = types.element(rows).unwrap();
        types.unify(element, b).unwrap();
        let ints = types.of(Ty::Ints);
        types.unify(b, ints).unwrap();
        assert_eq!(types.resolve(rows), Ok(Ty::Rows));
        let open = types.open();
        assert_eq!(types.resolve(open), Ok(Ty::Int));
        let empty = types.array(open);
        assert_eq!(types.resolve(empty), Ok(Ty::Ints));
    }

    #[test]
    fn what_cannot_be_one_type_is_refused() {
        let mut types = Types::default();
        let (int, boolean) = (types.int(), types.boolean());
        assert_eq!(types.unify(int, boolean), Err(Unsupported));
        let ints = types.of(Ty::Ints);
        assert_eq!(types.unify(ints, int), Err(Unsupported));
        let bools = types.array(boolean);
        assert_eq!(types.resolve(bools), Err(Unsupported));
        let rows = types.of(Ty::Rows);
        let deeper = types.array(rows);
        assert_eq!(types.resolve(deeper), Err(Unsupported));
        let itself = types.open();
        let holder = types.array(itself);
        types.unify(itself, holder).unwrap();
        assert_eq!(types.resolve(holder), Err(Unsupported));
    }
}
