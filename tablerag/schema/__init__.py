"""Column retrieval for text-to-SQL (seed 003): schema and value corpora, hybrid search, two-stage option."""
