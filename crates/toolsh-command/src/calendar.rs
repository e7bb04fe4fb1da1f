//! Names of the days and months in the C locale (`date`, awk's
//! `strftime`).

/// The English day names of the C locale, Sunday first (`%A`; `%a` is
/// the first three letters).
pub const DAYS: [&str; 7] = [
    "Sunday",
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
];

/// The English month names of the C locale, January first (`%B`; `%b` is
/// the first three letters).
pub const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];
