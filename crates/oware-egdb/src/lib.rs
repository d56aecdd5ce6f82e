//! Oware egdb (work in progress).
