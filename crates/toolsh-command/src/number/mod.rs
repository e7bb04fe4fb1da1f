//! Numbers in text: scanning them as C's `strtoimax`/`strtold` do
//! ([`scan`]: printf's arguments, `seq`, `sort -g`, `sleep`) and rendering
//! them as C's `printf` conversions do ([`render`]: printf, `seq -f`,
//! `nl`, awk's `printf`).

pub mod render;
pub mod scan;
