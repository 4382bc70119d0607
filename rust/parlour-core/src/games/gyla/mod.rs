//! gyla (rules land with its issue).
