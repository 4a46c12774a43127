/** camelCase, PascalCase, snake_case, kebab-case and paths all split into lower-case words. */
export function tokenize(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 1 || /\d/.test(t));
}

export interface Doc {
  id: number;
  /** Weighted fields: name parts count most, then signature, doc and path. */
  fields: { text: string; weight: number }[];
}

const K1 = 1.2;
const B = 0.75;

interface Bag {
  id: number;
  counts: Map<string, number>;
  length: number;
}

/**
 * Okapi BM25 over weighted fields, with a prefix match so `dispatch` finds `DispatchQueue`.
 * Documents are tokenised once, when the index is built; queries only score.
 */
export class Bm25Index {
  private readonly bags: Bag[];
  private readonly avg: number;

  constructor(docs: readonly Doc[]) {
    this.bags = docs.map((doc) => {
      const counts = new Map<string, number>();
      let length = 0;
      for (const field of doc.fields) {
        for (const token of tokenize(field.text)) {
          counts.set(token, (counts.get(token) ?? 0) + field.weight);
          length += field.weight;
        }
      }
      return { id: doc.id, counts, length };
    });
    this.avg = this.bags.reduce((sum, b) => sum + b.length, 0) / Math.max(1, this.bags.length);
  }

  rank(query: string, keep: (id: number) => boolean = () => true): { id: number; score: number }[] {
    const terms = [...new Set(tokenize(query))];
    if (terms.length === 0) return [];
    const bags = this.bags.filter((b) => keep(b.id));
    const matchCount = (bag: Bag, term: string) => {
      let tf = bag.counts.get(term) ?? 0;
      if (tf === 0 && term.length >= 3) {
        for (const [token, count] of bag.counts) if (token.startsWith(term)) tf += count * 0.7;
      }
      return tf;
    };
    const df = new Map(terms.map((t) => [t, bags.filter((b) => matchCount(b, t) > 0).length]));
    const scored: { id: number; score: number }[] = [];
    for (const bag of bags) {
      let score = 0;
      for (const term of terms) {
        const tf = matchCount(bag, term);
        if (tf === 0) continue;
        const n = df.get(term) ?? 0;
        const idf = Math.log(1 + (bags.length - n + 0.5) / (n + 0.5));
        score += (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * bag.length) / this.avg));
      }
      if (score > 0) scored.push({ id: bag.id, score });
    }
    return scored.sort((a, b) => b.score - a.score);
  }
}
