//! The two text forms of a graph: the graph file (one edge per line) and the
//! grid (`--grid`: a picture of free and blocked cells).
//!
//! Both parse from a `&str`; reading files or standard input is the caller's
//! business. Errors name the line (and column) and say what was expected.

use thiserror::Error;

use super::{Graph, TooLarge};
use crate::arith::{decimal, is_decimal};
use crate::stop;

/// How much of an offending line an error message quotes.
const QUOTE_LIMIT: usize = 60;

/// What is wrong with a graph file.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum ParseError {
    /// A line is neither blank, a comment, an edge (or move) `U V` nor a
    /// vertex `V`.
    #[error(
        "line {line}: expected {pair} or a vertex 'V' (non-negative integers), found '{found}'"
    )]
    Malformed {
        /// The line number, from 1.
        line: usize,
        /// What a line of two numbers is: `"an edge 'U V'"`, `"a move 'U V'"`.
        pair: &'static str,
        /// The line, trimmed (shortened if very long).
        found: String,
    },
    /// A vertex number does not fit in 64 bits.
    #[error(
        "line {line}: vertex number '{found}' is too large (the largest is {})",
        u64::MAX
    )]
    VertexTooLarge {
        /// The line number, from 1.
        line: usize,
        /// The number as written (shortened if very long).
        found: String,
    },
    /// The graph has too many vertices or edges.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
}

/// Parses a graph file: one edge `U V` per line, `U` and `V` non-negative
/// integers (vertex labels) separated by white space, or a vertex `V` alone on
/// its line (a vertex that may have no edge); blank lines and lines whose
/// first non-blank character is `#` are ignored. Loops (`U U`) and repeated
/// edges are allowed; edge ids follow the order of the lines.
pub fn parse_edges(text: &str) -> Result<Graph, ParseError> {
    let mut vertices = Vec::new();
    let mut edges = Vec::new();
    for (index, line) in stop::polling(text.lines().enumerate()) {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        match parse_line(line, index + 1, "an edge 'U V'")? {
            (u, Some(v)) => edges.push([u, v]),
            (v, None) => vertices.push(v),
        }
    }
    Ok(Graph::new(vertices, &edges)?)
}

/// The one or two vertex numbers of a non-blank, non-comment line of a graph
/// file; `pair` names a line of two numbers in the error.
pub(crate) fn parse_line(
    line: &str,
    line_number: usize,
    pair: &'static str,
) -> Result<(u64, Option<u64>), ParseError> {
    let malformed = || ParseError::Malformed {
        line: line_number,
        pair,
        found: quote(line),
    };
    let mut words = line.split_whitespace();
    let (Some(u), v, None) = (words.next(), words.next(), words.next()) else {
        return Err(malformed());
    };
    if !is_decimal(u) || v.is_some_and(|v| !is_decimal(v)) {
        return Err(malformed());
    }
    let vertex = |w: &str| {
        decimal::<u64>(w).ok_or_else(|| ParseError::VertexTooLarge {
            line: line_number,
            found: quote(w),
        })
    };
    Ok((vertex(u)?, v.map(vertex).transpose()?))
}

/// `text`, cut to [`QUOTE_LIMIT`] characters with `...` if longer.
pub(crate) fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        Some((end, _)) => format!("{}...", &text[..end]),
        None => text.to_string(),
    }
}

/// What is wrong with a grid.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum GridError {
    /// A cell is neither `.` nor `#`.
    #[error("line {line}, column {column}: expected '.' (free cell) or '#' (blocked cell), found '{found}'")]
    BadCell {
        /// The line number, from 1.
        line: usize,
        /// The column number, from 1, counted in characters.
        column: usize,
        /// The character found.
        found: char,
    },
    /// The grid has too many cells.
    #[error(transparent)]
    TooLarge(#[from] TooLarge),
}

/// A grid of cells and the graph of its free cells.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Grid {
    /// The number of rows: the number of lines.
    pub height: usize,
    /// The number of columns: the length of the longest line.
    pub width: usize,
    /// One vertex per free cell, labelled `row * width + column` (from 0), and
    /// an edge between free cells that are side by side or one above the other.
    /// Edges are listed in reading order of their upper or left cell, the
    /// horizontal one before the vertical one.
    pub graph: Graph,
}

impl Grid {
    /// The `(row, column)` of the cell with vertex label `label`.
    pub fn cell(&self, label: u64) -> (usize, usize) {
        let width = self.width.max(1) as u64;
        ((label / width) as usize, (label % width) as usize)
    }
}

/// Parses a grid: each line is a row, `.` a free cell and `#` a blocked one.
/// Rows shorter than the longest are padded with blocked cells; an empty line
/// is a row of blocked cells. A `\r` before a line end is ignored, and so is a
/// final line end. Any other character is an error.
pub fn parse_grid(text: &str) -> Result<Grid, GridError> {
    let rows: Vec<Vec<bool>> = text
        .lines()
        .enumerate()
        .map(|(index, line)| parse_row(line, index + 1))
        .collect::<Result<_, _>>()?;
    let width = rows.iter().map(Vec::len).max().unwrap_or(0);
    let free = |r: usize, c: usize| rows.get(r).and_then(|row| row.get(c)) == Some(&true);
    let label = |r: usize, c: usize| (r * width + c) as u64;
    let mut vertices = Vec::new();
    let mut edges = Vec::new();
    for (r, row) in rows.iter().enumerate() {
        for c in (0..row.len()).filter(|&c| row[c]) {
            vertices.push(label(r, c));
            if free(r, c + 1) {
                edges.push([label(r, c), label(r, c + 1)]);
            }
            if free(r + 1, c) {
                edges.push([label(r, c), label(r + 1, c)]);
            }
        }
    }
    Ok(Grid {
        height: rows.len(),
        width,
        graph: Graph::new(vertices, &edges)?,
    })
}

/// The cells of one row: `true` for free.
fn parse_row(line: &str, line_number: usize) -> Result<Vec<bool>, GridError> {
    line.chars()
        .enumerate()
        .map(|(index, ch)| match ch {
            '.' => Ok(true),
            '#' => Ok(false),
            found => Err(GridError::BadCell {
                line: line_number,
                column: index + 1,
                found,
            }),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn edges_comments_and_blank_lines() {
        let g =
            parse_edges("# a triangle\n0 1\n\n  1 2 \n\t# indented comment\n2 0\n2 2\n").unwrap();
        assert_eq!(g.edge_count(), 4);
        assert_eq!(g.edge_labels(2), [0, 2]);
        assert_eq!(g.edge_labels(3), [2, 2]);
        assert_eq!(parse_edges("").unwrap().vertex_count(), 0);
    }

    #[test]
    fn a_vertex_alone_on_its_line_has_no_edge() {
        let g = parse_edges("0 1\n7\n1\n").unwrap();
        assert_eq!((g.vertex_count(), g.edge_count()), (3, 1));
        assert!(g.vertex(7).is_some());
        assert!(parse_edges("x\n").is_err());
        assert!(parse_edges("-1\n").is_err());
    }

    #[test]
    fn malformed_lines_are_reported_with_their_number() {
        let err = parse_edges("0 1\n\na b c\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 3: expected an edge 'U V' or a vertex 'V' (non-negative integers), found 'a b c'"
        );
        for bad in ["1 2 3", "-1 2", "+1 2", "1 2.0", "1 2 # comment", "-1"] {
            assert!(
                matches!(parse_edges(bad), Err(ParseError::Malformed { line: 1, .. })),
                "{bad}"
            );
        }
        let long = "x".repeat(1000);
        assert!(parse_edges(&long).unwrap_err().to_string().len() < 200);
    }

    #[test]
    fn a_huge_vertex_number_is_reported() {
        let err = parse_edges("0 18446744073709551615\n0 18446744073709551616").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2: vertex number '18446744073709551616' is too large (the largest is 18446744073709551615)"
        );
    }

    #[test]
    fn a_grid_becomes_the_graph_of_its_free_cells() {
        // ..#
        // .
        // #..
        let grid = parse_grid("..#\n.\r\n#..\n").unwrap();
        assert_eq!((grid.height, grid.width), (3, 3));
        let labels: Vec<[u64; 2]> = (0..grid.graph.edge_count() as u32)
            .map(|e| grid.graph.edge_labels(e))
            .collect();
        assert_eq!(labels, [[0, 1], [0, 3], [7, 8]]);
        assert_eq!(grid.graph.vertex_count(), 5);
        assert_eq!(grid.cell(7), (2, 1));
    }

    #[test]
    fn a_bad_grid_cell_is_reported_with_line_and_column() {
        let err = parse_grid("..\n.x.\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 2: expected '.' (free cell) or '#' (blocked cell), found 'x'"
        );
        assert!(parse_grid("").unwrap().graph.vertex_count() == 0);
    }
}
