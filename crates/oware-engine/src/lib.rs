//! Oware engine (work in progress).
