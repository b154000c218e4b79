"""Column retrieval for text-to-SQL: schema and value corpora, hybrid search, two-stage option."""
