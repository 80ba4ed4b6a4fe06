//! Constructed discourses for the tests of relation agreement and relation adjudication.

use crate::continuum::Continuum;
use crate::relation::{Endpoint, Relation};
use crate::unit::Unit;

/// Five segments `s1…s5` of 10 characters, 5 apart, for annotator `name`.
pub(crate) fn segments(c: &mut Continuum, name: &str) {
    for i in 0..5 {
        let start = (i * 15) as f64;
        let unit = Unit::new(start, start + 10.0, "Segment")
            .unwrap()
            .with_source_id(format!("s{}", i + 1));
        c.add_unit(name, unit);
    }
}

pub(crate) fn relation(id: &str, label: &str, source: &str, target: &str) -> Relation {
    Relation {
        id: id.into(),
        label: label.into(),
        source: Endpoint::Unit(source.into()),
        target: Endpoint::Unit(target.into()),
        directed: true,
    }
}

/// A discourse: four relations over the five segments.
pub(crate) fn discourse() -> Vec<Relation> {
    vec![
        relation("r1", "Elaboration", "s1", "s2"),
        relation("r2", "Comment", "s2", "s3"),
        relation("r3", "Question-answer_pair", "s3", "s4"),
        relation("r4", "Elaboration", "s4", "s5"),
    ]
}
