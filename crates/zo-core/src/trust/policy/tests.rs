//! Tests of the containment policy, by concept: reading hosts and addresses, the sites a
//! message names, secret fields and sensitive words, and the rules of a task's scope.

mod addresses;
mod effects;
mod names;
mod rules;
mod words;
