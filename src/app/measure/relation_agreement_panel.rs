//! Agreement on the relations between units (discourse relations, coreference links) beside
//! γ: for each pair of annotators, the relations each has, those matched with the same label or
//! with another label, those on one side only, the unlabelled, labelled and attachment F1, and
//! the κ of the labels of the matched relations; then each label. Relations correspond when
//! their endpoints lie in the same unitary alignments of γ's best alignment
//! ([`gamma_core::relations`] defines every figure).

use super::number_rows::{self, NumberRow};
use eframe::egui::{self, RichText, Ui};
use gamma_core::relations::{PairAgreement, RelationAgreement};

/// What matching through the alignment means, under the section's heading.
const MATCHING: &str = "two relations correspond when their sources lie in the same unitary alignment of γ's best alignment, and their targets too; matched one to one, equal labels first";

/// The section `title` (its id salt too) with `agreement`.
pub fn show(ui: &mut Ui, title: &str, agreement: &RelationAgreement) {
    egui::CollapsingHeader::new(title)
        .default_open(true)
        .show(ui, |ui| {
            ui.label(RichText::new(MATCHING).weak());
            for pair in &agreement.pairs {
                pair_rows(ui, pair);
            }
            if agreement.pairs.len() > 1 {
                let mut overall = agreement.overall.clone();
                overall.label_kappa = agreement.mean_label_kappa;
                ui.strong("all pairs (counts summed; κ the pairs' mean)");
                number_rows::show(ui, &rows(&overall));
            }
            if !agreement.unplaced.is_empty() {
                let which: Vec<String> = (agreement.unplaced.iter())
                    .map(|u| format!("{}'s {} (no unit {})", u.annotator, u.relation, u.missing))
                    .collect();
                ui.add(
                    egui::Label::new(
                        RichText::new(format!(
                            "{} left out: an endpoint is not a measured unit",
                            crate::wording::plural(
                                agreement.unplaced.len(),
                                "relation",
                                "relations"
                            )
                        ))
                        .weak(),
                    )
                    .wrap(),
                )
                .on_hover_text(which.join("\n"));
            }
            if !agreement.labels.is_empty() {
                ui.collapsing(format!("{title}: each label"), |ui| {
                    let rows: Vec<NumberRow> = (agreement.labels.iter())
                        .map(|label| {
                            NumberRow::new(
                                label.label.as_str(),
                                format!(
                                    "F1 {:.4} ({} same of {} and {})",
                                    label.f1,
                                    label.same_label,
                                    label.relations[0],
                                    label.relations[1]
                                ),
                                "relations of this label on both sides of a pair, matched with this label on both (pairs summed)",
                            )
                        })
                        .collect();
                    number_rows::show(ui, &rows);
                });
            }
        });
}

/// A pair's heading and rows.
fn pair_rows(ui: &mut Ui, pair: &PairAgreement) {
    ui.strong(format!("{} – {}", pair.annotators[0], pair.annotators[1]));
    number_rows::show(ui, &rows(pair));
}

/// The rows of a pair's (or of the sum's) figures.
fn rows(p: &PairAgreement) -> Vec<NumberRow> {
    let [first, second] = &p.annotators;
    let f1 = |x: f64| format!("{x:.4}");
    vec![
        NumberRow::new(
            "relations",
            format!("{first} {}, {second} {}", p.relations[0], p.relations[1]),
            "the relations of each annotator whose endpoints are measured units",
        ),
        NumberRow::new(
            "same label",
            p.same_label.to_string(),
            "relations matched with the same label",
        ),
        NumberRow::new(
            "other label",
            p.other_label.to_string(),
            "relations matched (the same units linked in the same direction) with another label",
        ),
        NumberRow::new(
            format!("only {first}"),
            p.only_first.to_string(),
            "relations with no counterpart on the other side",
        ),
        NumberRow::new(
            format!("only {second}"),
            p.only_second.to_string(),
            "relations with no counterpart on the other side",
        ),
        NumberRow::new(
            "unlabelled F1",
            f1(p.f1_unlabelled),
            "2 · matched / (relations of both): do they link the same units, in the same direction?",
        ),
        NumberRow::new(
            "labelled F1",
            f1(p.f1_labelled),
            "2 · same label / (relations of both): and with the same label?",
        ),
        NumberRow::new(
            "attachment F1",
            f1(p.f1_attachment),
            "the unlabelled F1 with direction ignored: which units are linked at all",
        ),
        NumberRow::new(
            "κ of the labels",
            p.label_kappa
                .map_or_else(|| "– (one label only)".to_string(), f1),
            "Cohen's κ of the labels of the matched relations: their agreement on the label corrected for chance, given that they are attached alike (undefined when every matched relation has one and the same label)",
        ),
    ]
}
