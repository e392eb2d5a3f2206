// Matching
