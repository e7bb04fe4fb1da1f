//! All parser integration tests, built as one binary.
#![allow(clippy::many_single_char_names)]

mod common;

mod arith;
mod commands;
mod comments;
mod corpus;
mod errors;
mod examples;
mod limits;
mod print_function;
mod roundtrip;
mod roundtrip_regressions;
mod words;
