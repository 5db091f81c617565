import { inflateSync } from 'node:zlib';

/*
 * The receipts tests' reading of a PDF: the text a person sees, one string per piece of text
 * drawn, decoded through each embedded font's ToUnicode map (pdfkit writes glyph numbers, not
 * letters). Enough for the PDFs pdfkit writes; not a general PDF reader.
 */

interface PdfObject {
  dict: string;
  stream: Buffer | null;
}

/** Every `n 0 obj … endobj` of the file, streams inflated. */
const objectsOf = (pdf: Buffer): Map<number, PdfObject> => {
  const text = pdf.toString('latin1');
  const objects = new Map<number, PdfObject>();
  for (const m of text.matchAll(/(\d+) 0 obj\s*([\s\S]*?)endobj/g)) {
    const body = m[2]!;
    const at = body.search(/stream\r?\n/);
    if (at < 0) {
      objects.set(Number(m[1]), { dict: body, stream: null });
      continue;
    }
    const start = body.indexOf('\n', at) + 1;
    // The stream is exactly /Length bytes: its compressed bytes may themselves end in \r or
    // \n, so trimming line ends before `endstream` would cut a byte now and then.
    const length = /\/Length (\d+)/.exec(body.slice(0, at));
    const end = length ? start + Number(length[1]) : body.lastIndexOf('\nendstream');
    let raw = Buffer.from(body.slice(start, end), 'latin1');
    if (/\/FlateDecode/.test(body.slice(0, at))) raw = inflateSync(raw);
    objects.set(Number(m[1]), { dict: body.slice(0, at), stream: raw });
  }
  return objects;
};

const hexString = (hex: string) =>
  String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((h) => parseInt(h, 16)));

/** A ToUnicode CMap: glyph code (hex) → the letters it shows. */
const cmapOf = (source: string): Map<number, string> => {
  const map = new Map<number, string>();
  for (const block of source.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    const re = /<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(\[[^\]]*\]|<[0-9a-fA-F]+>)/g;
    for (const [, lo, hi, dst] of block[1]!.matchAll(re)) {
      const from = parseInt(lo!, 16);
      const to = parseInt(hi!, 16);
      if (dst!.startsWith('[')) {
        const items = [...dst!.matchAll(/<([0-9a-fA-F]+)>/g)].map((x) => hexString(x[1]!));
        items.forEach((s, i) => map.set(from + i, s));
      } else {
        const base = parseInt(dst!.slice(1, -1), 16);
        for (let c = from; c <= to; c++) map.set(c, String.fromCodePoint(base + c - from));
      }
    }
  }
  for (const block of source.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, src, dst] of block[1]!.matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g))
      map.set(parseInt(src!, 16), hexString(dst!));
  }
  return map;
};

/** The text of every piece drawn on the PDF's pages, in drawing order. */
export const pdfText = (pdf: Buffer): string[] => {
  const objects = objectsOf(pdf);
  // Font resource names (/F1) → the ToUnicode map of the font object they name.
  const fonts = new Map<string, Map<number, string>>();
  for (const { dict } of objects.values()) {
    for (const fontDict of dict.matchAll(/\/Font\s*<<([\s\S]*?)>>/g)) {
      for (const [, name, ref] of fontDict[1]!.matchAll(/\/([A-Za-z0-9]+)\s+(\d+) 0 R/g)) {
        const font = objects.get(Number(ref));
        const toUnicode = font?.dict.match(/\/ToUnicode\s+(\d+) 0 R/)?.[1];
        const cmap = toUnicode ? objects.get(Number(toUnicode))?.stream : null;
        if (cmap) fonts.set(name!, cmapOf(cmap.toString('latin1')));
      }
    }
  }
  const pieces: string[] = [];
  for (const { dict, stream } of objects.values()) {
    if (!stream || /\/Type\s*\/(XObject|Metadata)|\/Length1|\/Subtype/.test(dict)) continue;
    const content = stream.toString('latin1');
    if (!/\bTJ\b|\bTj\b/.test(content)) continue;
    let font: Map<number, string> | undefined;
    const re = /\/([A-Za-z0-9]+)\s+[\d.]+\s+Tf|\[((?:[^\]])*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g;
    for (const m of content.matchAll(re)) {
      if (m[1]) {
        font = fonts.get(m[1]);
        continue;
      }
      const hexes =
        m[2] !== undefined ? [...m[2].matchAll(/<([0-9a-fA-F]*)>/g)].map((x) => x[1]!) : [m[3]!];
      const codes = hexes.flatMap((h) => (h.match(/.{4}/g) ?? []).map((c) => parseInt(c, 16)));
      pieces.push(codes.map((c) => font?.get(c) ?? '\ufffd').join(''));
    }
  }
  return pieces;
};
