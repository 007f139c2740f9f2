// Placeholder: the search engine is being written.
