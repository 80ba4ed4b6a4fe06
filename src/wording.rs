//! Words shared by the app, the command line and the report.

/// `count` and the noun in the singular or the plural ("1 document", "2 documents").
pub(crate) fn plural(count: usize, one: &str, many: &str) -> String {
    format!("{count} {}", if count == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(super::plural(1, "stretch", "stretches"), "1 stretch");
        assert_eq!(super::plural(0, "stretch", "stretches"), "0 stretches");
        assert_eq!(super::plural(2, "document", "documents"), "2 documents");
    }
}
