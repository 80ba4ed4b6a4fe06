//! A relation between units of one annotator (a discourse relation, a coreference link, a
//! dependency): the model the readers fill and [`crate::relations`] measures. Endpoints name
//! units by their ids in their file, so that a relation survives any reordering or filtering of
//! the units (an endpoint whose unit is gone is reported, never silently re-attached).

use serde::{Deserialize, Serialize};

/// One end of a relation: a unit, or a group of units (a schema), by the units' ids in their
/// file ([`crate::unit::Unit::source_id`]).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Endpoint {
    /// A unit, by its id.
    Unit(String),
    /// A group of units (Glozz schema, e.g. a complex discourse unit): its id and its members' ids.
    Group {
        /// The group's own id in its file.
        id: String,
        /// Its type in its file (a Glozz schema type such as `Complex_discourse_unit`; empty when
        /// the file has none).
        #[serde(default)]
        kind: String,
        /// Its member units' ids.
        members: Vec<String>,
    },
}

/// A relation of one annotator between two of its endpoints.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Relation {
    /// Its id in its file.
    pub id: String,
    /// Its label (relation type).
    pub label: String,
    /// Where it starts (Glozz's first term).
    pub source: Endpoint,
    /// Where it ends (the second term).
    pub target: Endpoint,
    /// Whether source and target may not be swapped.
    pub directed: bool,
}
