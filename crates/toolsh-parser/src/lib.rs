//! toolsh-parser: bash source text to a typed syntax tree.
//!
//! The bottom layer of toolsh. [`parse`] turns a script into a [`Script`]
//! whose every node carries a [`Span`]; [`print`] turns a tree back into
//! canonical source, and `parse(&print(&ast)) == ast` (spans aside). The
//! grammar is that of GNU bash 5.2 (bash reference manual, chapter 3).
//!
//! This crate does no I/O and knows nothing about execution, tools or the
//! sandbox. Its invariants: no input makes it panic, overflow the stack or
//! run for longer than linear-ish time in the input size; every error has a
//! position; [`ParseLimits`] bound source size, nesting depth and
//! here-document count.

#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod ast;
mod error;
mod limits;

pub use ast::*;
pub use error::{ParseError, ParseErrorKind};
pub use limits::ParseLimits;
