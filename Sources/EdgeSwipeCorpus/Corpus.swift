// Labelled corpus.
