/**
 * A small QR code encoder (ISO/IEC 18004, model 2) for the authenticator setup: byte mode,
 * error correction L or M, versions 1 to 40. It follows the standard step by step: data
 * codewords, Reed-Solomon error correction per block, interleaving, zigzag placement around
 * the function patterns, the mask with the lowest penalty, then format and version information.
 */

/** L restores about 7 % of the symbol, M about 15 %. */
export type QrErrorCorrection = 'L' | 'M';

export interface QrCode {
  version: number;
  /** Modules per side: 17 + 4 × version (without the quiet zone). */
  size: number;
  mask: number;
  /** Row-major: `modules[y][x]` is true for a dark module. */
  modules: boolean[][];
}

export interface QrOptions {
  errorCorrection?: QrErrorCorrection;
  /** Forces a mask (0-7) instead of the one with the lowest penalty: for tests. */
  mask?: number;
  /** The smallest version to use (1-40): for tests. */
  minVersion?: number;
}

// Per version (index 0 unused), from the standard's table of error correction characteristics.
const ECC_CODEWORDS_PER_BLOCK: Record<QrErrorCorrection, readonly number[]> = {
  L: [
    -1, 7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28, 28, 28, 30,
    30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
  ],
  M: [
    -1, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26, 26, 28, 28,
    28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
  ],
};
const ERROR_CORRECTION_BLOCKS: Record<QrErrorCorrection, readonly number[]> = {
  L: [
    -1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8, 8, 9, 9, 10, 12, 12, 12, 13, 14,
    15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
  ],
  M: [
    -1, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16, 17, 17, 18, 20, 21, 23,
    25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
  ],
};
/** The level's two bits in the format information (not in L, M order). */
const FORMAT_LEVEL_BITS: Record<QrErrorCorrection, number> = { L: 1, M: 0 };

const BYTE_MODE = 0b0100;

/** Encodes `text` (as UTF-8 bytes) in the smallest version that holds it. */
export function encodeQr(text: string, options: QrOptions = {}): QrCode {
  const { errorCorrection = 'M', mask, minVersion = 1 } = options;
  const bytes = new TextEncoder().encode(text);
  const version = smallestVersion(bytes.length, errorCorrection, minVersion);
  const data = dataCodewords(bytes, version, errorCorrection);
  const codewords = addErrorCorrection(data, version, errorCorrection);

  const matrix = new Matrix(version);
  matrix.drawFunctionPatterns(errorCorrection);
  matrix.drawCodewords(codewords);

  let chosen = mask ?? 0;
  if (mask === undefined) {
    let lowest = Infinity;
    for (let candidate = 0; candidate < 8; candidate++) {
      matrix.applyMask(candidate);
      matrix.drawFormatBits(errorCorrection, candidate);
      const penalty = penaltyScore(matrix.modules);
      if (penalty < lowest) [lowest, chosen] = [penalty, candidate];
      matrix.applyMask(candidate); // masking twice undoes it
    }
  }
  matrix.applyMask(chosen);
  matrix.drawFormatBits(errorCorrection, chosen);
  return { version, size: matrix.size, mask: chosen, modules: matrix.modules };
}

function smallestVersion(byteCount: number, level: QrErrorCorrection, minVersion: number): number {
  for (let version = minVersion; version <= 40; version++) {
    const bitsNeeded = 4 + countBits(version) + byteCount * 8;
    if (bitsNeeded <= dataCodewordCount(version, level) * 8) return version;
  }
  throw new RangeError('The text is too long for a QR code.');
}

/** Width of the byte mode's character count. */
const countBits = (version: number) => (version <= 9 ? 8 : 16);

/** Modules left for data and error correction once the function patterns are drawn. */
function rawDataModules(version: number): number {
  let result = (16 * version + 128) * version + 64;
  if (version >= 2) {
    const alignments = Math.floor(version / 7) + 2;
    result -= (25 * alignments - 10) * alignments - 55;
    if (version >= 7) result -= 36;
  }
  return result;
}

function dataCodewordCount(version: number, level: QrErrorCorrection): number {
  return (
    Math.floor(rawDataModules(version) / 8) -
    ECC_CODEWORDS_PER_BLOCK[level][version]! * ERROR_CORRECTION_BLOCKS[level][version]!
  );
}

/** Mode, count, the bytes, terminator and padding, as codewords. */
function dataCodewords(bytes: Uint8Array, version: number, level: QrErrorCorrection): number[] {
  const bits: number[] = [];
  const append = (value: number, length: number) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  append(BYTE_MODE, 4);
  append(bytes.length, countBits(version));
  for (const byte of bytes) append(byte, 8);

  const capacity = dataCodewordCount(version, level) * 8;
  append(0, Math.min(4, capacity - bits.length));
  append(0, (8 - (bits.length % 8)) % 8);
  for (let pad = 0xec; bits.length < capacity; pad ^= 0xec ^ 0x11) append(pad, 8);

  const codewords: number[] = [];
  for (let i = 0; i < bits.length; i += 8) {
    codewords.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  }
  return codewords;
}

/** Splits the data into blocks, appends each block's error correction, and interleaves them. */
function addErrorCorrection(data: number[], version: number, level: QrErrorCorrection): number[] {
  const blockCount = ERROR_CORRECTION_BLOCKS[level][version]!;
  const eccLength = ECC_CODEWORDS_PER_BLOCK[level][version]!;
  const raw = Math.floor(rawDataModules(version) / 8);
  const shortBlocks = blockCount - (raw % blockCount);
  const shortBlockLength = Math.floor(raw / blockCount);
  const divisor = reedSolomonDivisor(eccLength);

  const blocks: number[][] = [];
  for (let i = 0, offset = 0; i < blockCount; i++) {
    const dataLength = shortBlockLength - eccLength + (i < shortBlocks ? 0 : 1);
    const block = data.slice(offset, offset + dataLength);
    offset += dataLength;
    const ecc = reedSolomonRemainder(block, divisor);
    // A placeholder keeps short and long blocks aligned for the interleaving below.
    if (i < shortBlocks) block.push(0);
    blocks.push([...block, ...ecc]);
  }

  const result: number[] = [];
  for (let i = 0; i < blocks[0]!.length; i++) {
    blocks.forEach((block, j) => {
      if (i !== shortBlockLength - eccLength || j >= shortBlocks) result.push(block[i]!);
    });
  }
  return result;
}

/** Multiplication in GF(2^8) modulo x^8 + x^4 + x^3 + x^2 + 1. */
function gfMultiply(x: number, y: number): number {
  let z = 0;
  for (let i = 7; i >= 0; i--) {
    z = (z << 1) ^ ((z >>> 7) * 0x11d);
    z ^= ((y >>> i) & 1) * x;
  }
  return z;
}

/** The generator polynomial of the given degree, without its leading 1. */
function reedSolomonDivisor(degree: number): number[] {
  const result = new Array<number>(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = gfMultiply(result[j]!, root);
      if (j + 1 < degree) result[j]! ^= result[j + 1]!;
    }
    root = gfMultiply(root, 0x02);
  }
  return result;
}

function reedSolomonRemainder(data: number[], divisor: number[]): number[] {
  const result = new Array<number>(divisor.length).fill(0);
  for (const byte of data) {
    const factor = byte ^ result.shift()!;
    result.push(0);
    divisor.forEach((coefficient, i) => (result[i]! ^= gfMultiply(coefficient, factor)));
  }
  return result;
}

/** Centres of the alignment patterns along one axis. */
function alignmentPositions(version: number): number[] {
  if (version === 1) return [];
  const count = Math.floor(version / 7) + 2;
  const step =
    version === 32 ? 26 : Math.floor((version * 4 + count * 2 + 1) / (count * 2 - 2)) * 2;
  const positions = [6];
  for (let position = version * 4 + 10; positions.length < count; position -= step) {
    positions.splice(1, 0, position);
  }
  return positions;
}

const MASKS: ((x: number, y: number) => boolean)[] = [
  (x, y) => (x + y) % 2 === 0,
  (_x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

class Matrix {
  readonly size: number;
  readonly modules: boolean[][];
  /** Finder, timing, alignment, format and version modules: never data, never masked. */
  private readonly isFunction: boolean[][];

  constructor(private readonly version: number) {
    this.size = version * 4 + 17;
    this.modules = Array.from({ length: this.size }, () =>
      new Array<boolean>(this.size).fill(false),
    );
    this.isFunction = this.modules.map((row) => row.map(() => false));
  }

  private setFunction(x: number, y: number, dark: boolean) {
    this.modules[y]![x] = dark;
    this.isFunction[y]![x] = true;
  }

  drawFunctionPatterns(level: QrErrorCorrection) {
    const { size } = this;
    for (let i = 0; i < size; i++) {
      this.setFunction(6, i, i % 2 === 0);
      this.setFunction(i, 6, i % 2 === 0);
    }
    for (const [x, y] of [
      [3, 3],
      [size - 4, 3],
      [3, size - 4],
    ] as const) {
      this.drawSquare(x, y, 4, (distance) => distance !== 2 && distance !== 4);
    }
    const positions = alignmentPositions(this.version);
    const last = positions.length - 1;
    positions.forEach((x, i) =>
      positions.forEach((y, j) => {
        // The three corners taken by finder patterns get none.
        if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
        this.drawSquare(x, y, 2, (distance) => distance !== 1);
      }),
    );
    this.drawFormatBits(level, 0); // reserves the area; redrawn once the mask is chosen
    this.drawVersion();
  }

  /** Draws the square of `radius` around (x, y), dark where `dark(distance from centre)`. */
  private drawSquare(x: number, y: number, radius: number, dark: (distance: number) => boolean) {
    for (let dy = -radius; dy <= radius; dy++) {
      for (let dx = -radius; dx <= radius; dx++) {
        const [xx, yy] = [x + dx, y + dy];
        if (xx < 0 || yy < 0 || xx >= this.size || yy >= this.size) continue;
        this.setFunction(xx, yy, dark(Math.max(Math.abs(dx), Math.abs(dy))));
      }
    }
  }

  drawFormatBits(level: QrErrorCorrection, mask: number) {
    const data = (FORMAT_LEVEL_BITS[level] << 3) | mask;
    let remainder = data;
    for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
    const bits = ((data << 10) | remainder) ^ 0x5412;
    const bit = (i: number) => ((bits >>> i) & 1) === 1;
    const { size } = this;

    for (let i = 0; i <= 5; i++) this.setFunction(8, i, bit(i));
    this.setFunction(8, 7, bit(6));
    this.setFunction(8, 8, bit(7));
    this.setFunction(7, 8, bit(8));
    for (let i = 9; i < 15; i++) this.setFunction(14 - i, 8, bit(i));

    for (let i = 0; i < 8; i++) this.setFunction(size - 1 - i, 8, bit(i));
    for (let i = 8; i < 15; i++) this.setFunction(8, size - 15 + i, bit(i));
    this.setFunction(8, size - 8, true); // the dark module
  }

  private drawVersion() {
    if (this.version < 7) return;
    let remainder = this.version;
    for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
    const bits = (this.version << 12) | remainder;
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = this.size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      this.setFunction(a, b, dark);
      this.setFunction(b, a, dark);
    }
  }

  /** Places the bits in two-module columns, zigzagging up and down from the bottom right. */
  drawCodewords(codewords: number[]) {
    const { size } = this;
    let i = 0;
    for (let right = size - 1; right >= 1; right -= 2) {
      if (right === 6) right = 5; // skips the vertical timing pattern
      const upward = ((right + 1) & 2) === 0;
      for (let vertical = 0; vertical < size; vertical++) {
        const y = upward ? size - 1 - vertical : vertical;
        for (const x of [right, right - 1]) {
          if (this.isFunction[y]![x] || i >= codewords.length * 8) continue;
          this.modules[y]![x] = ((codewords[i >>> 3]! >>> (7 - (i & 7))) & 1) === 1;
          i++;
        }
      }
    }
  }

  applyMask(mask: number) {
    const invert = MASKS[mask]!;
    this.modules.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (!this.isFunction[y]![x] && invert(x, y)) row[x] = !dark;
      }),
    );
  }
}

/** The standard's four penalty rules; the mask with the lowest score reads best. */
export function penaltyScore(modules: boolean[][]): number {
  const size = modules.length;
  const columns = modules.map((_, x) => modules.map((row) => row[x]!));
  let score = 0;

  for (const line of [...modules, ...columns]) {
    // Rule 1: runs of five or more modules of one colour.
    let run = 1;
    for (let i = 1; i <= size; i++) {
      if (i < size && line[i] === line[i - 1]) run++;
      else {
        if (run >= 5) score += run - 2;
        run = 1;
      }
    }
    // Rule 3: the finder-like pattern 1:1:3:1:1 with four light modules on one side.
    const text = line.map((dark) => (dark ? '1' : '0')).join('');
    for (const pattern of ['10111010000', '00001011101']) {
      for (let at = text.indexOf(pattern); at >= 0; at = text.indexOf(pattern, at + 1)) {
        score += 40;
      }
    }
  }

  // Rule 2: 2 × 2 blocks of one colour.
  for (let y = 0; y < size - 1; y++) {
    for (let x = 0; x < size - 1; x++) {
      const dark = modules[y]![x];
      if (
        dark === modules[y]![x + 1] &&
        dark === modules[y + 1]![x] &&
        dark === modules[y + 1]![x + 1]
      )
        score += 3;
    }
  }

  // Rule 4: the share of dark modules away from half, in steps of 5 %.
  const dark = modules.flat().filter(Boolean).length;
  score += Math.floor(Math.abs((dark * 100) / (size * size) - 50) / 5) * 10;
  return score;
}
