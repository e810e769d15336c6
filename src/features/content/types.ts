/**
 * Long-form pages (legal texts, the FAQ, the about stories) are content, not interface
 * strings: each lives in one English file of this shape, and a translation is a sibling file.
 */
export interface DocumentSection {
  id: string;
  heading: string;
  paragraphs: string[];
  list?: string[];
}

export interface ContentDocument {
  title: string;
  description: string;
  updated?: string;
  intro: string;
  sections: DocumentSection[];
}
