//! The library's integration tests in one binary: each test binary links the
//! whole library, so one link instead of four. `tests/stop.rs` stays a binary
//! of its own: it times how soon work stops after its signal, which tests
//! running beside it on the same cores would slow.

mod imports;
mod misere_quotient;
mod published_facts;
mod register;
mod survey_literature;
