import { describe, expect, it } from 'vitest';
import { finishedHeight, finishedWidth, type WidthInput } from './finishedSize';
import type { PartName } from './cabinetTypes';

describe('finishedWidth (product rules "Constants and formulas")', () => {
  it.each<[string, WidthInput, number]>([
    // Standard overlay: width + 1
    [
      'sol plain',
      {
        overlayMode: 'sol',
        overlayIn: 0.5,
        openingWidthIn: 14.5,
        nextToWall: false,
        splitDoor: false,
      },
      15.5,
    ],
    // sol next to wall: unchanged, width + 1
    [
      'sol next to wall',
      {
        overlayMode: 'sol',
        overlayIn: 0.5,
        openingWidthIn: 14.5,
        nextToWall: true,
        splitDoor: false,
      },
      15.5,
    ],
    // sol split: (30 + 1)/2 − 0.0625 = 15.4375
    [
      'sol split',
      {
        overlayMode: 'sol',
        overlayIn: 0.5,
        openingWidthIn: 30,
        nextToWall: false,
        splitDoor: true,
      },
      15.4375,
    ],
    // sol split next to wall: same as split (no wall term in sol)
    [
      'sol split + wall',
      { overlayMode: 'sol', overlayIn: 0.5, openingWidthIn: 30, nextToWall: true, splitDoor: true },
      15.4375,
    ],
    // Full overlay 1.5: 2·1.5 + 14.5 = 17.5
    [
      'fol plain',
      {
        overlayMode: 'fol',
        overlayIn: 1.5,
        openingWidthIn: 14.5,
        nextToWall: false,
        splitDoor: false,
      },
      17.5,
    ],
    // fol next to wall: 17.5 − (1.5 − 0.5) = 16.5
    [
      'fol next to wall',
      {
        overlayMode: 'fol',
        overlayIn: 1.5,
        openingWidthIn: 14.5,
        nextToWall: true,
        splitDoor: false,
      },
      16.5,
    ],
    // fol split: (3 + 30)/2 − 0.0625 = 16.4375
    [
      'fol split',
      {
        overlayMode: 'fol',
        overlayIn: 1.5,
        openingWidthIn: 30,
        nextToWall: false,
        splitDoor: true,
      },
      16.4375,
    ],
    // fol split + wall: 16.4375 − 1.25 = 15.1875
    [
      'fol split + wall',
      { overlayMode: 'fol', overlayIn: 1.5, openingWidthIn: 30, nextToWall: true, splitDoor: true },
      15.1875,
    ],
    // fol overlay 1.438: 2.876 + 14.5 = 17.376
    [
      'fol 1.438 plain',
      {
        overlayMode: 'fol',
        overlayIn: 1.438,
        openingWidthIn: 14.5,
        nextToWall: false,
        splitDoor: false,
      },
      17.376,
    ],
    // 17.376 − 0.938 = 16.438
    [
      'fol 1.438 wall',
      {
        overlayMode: 'fol',
        overlayIn: 1.438,
        openingWidthIn: 14.5,
        nextToWall: true,
        splitDoor: false,
      },
      16.438,
    ],
    // (2.876 + 30)/2 − 0.0625 = 16.438 − 0.0625 = 16.3755
    [
      'fol 1.438 split',
      {
        overlayMode: 'fol',
        overlayIn: 1.438,
        openingWidthIn: 30,
        nextToWall: false,
        splitDoor: true,
      },
      16.3755,
    ],
    // 16.3755 − 1.25 = 15.1255
    [
      'fol 1.438 split + wall',
      {
        overlayMode: 'fol',
        overlayIn: 1.438,
        openingWidthIn: 30,
        nextToWall: true,
        splitDoor: true,
      },
      15.1255,
    ],
    // fol 1.75: 3.5 + 20.25 = 23.75; wall: 23.75 − 1.25 = 22.5
    [
      'fol 1.75 wall',
      {
        overlayMode: 'fol',
        overlayIn: 1.75,
        openingWidthIn: 20.25,
        nextToWall: true,
        splitDoor: false,
      },
      22.5,
    ],
  ])('%s', (_name, input, expected) => {
    expect(finishedWidth(input)).toBeCloseTo(expected, 10);
  });
});

const JOB = { topRail: 2, botRail: 1.5, midRail1: 1.5 };

describe('finishedHeight (product rules "Constants and formulas")', () => {
  it.each<[PartName, number, number, number]>([
    // Door/Front: botRail − vr + (midRail1/2 − vr/2) + h
    // 1.5 − 0 + (0.75 − 0) + 24 = 26.25
    ['Door', 24, 0, 26.25],
    ['Front', 24, 0, 26.25],
    // 1.5 − 0.125 + (0.75 − 0.0625) + 24 = 26.0625
    ['Door', 24, 0.125, 26.0625],
    // 1.5 − 0.5 + (0.75 − 0.25) + 5.5 = 7
    ['Front', 5.5, 0.5, 7],
    // V-base door: botRail − 0.25 + (midRail1/2 − 0.125) + h = 1.5 − 0.25 + 0.625 + 24 = 25.875 (no reveal term)
    ['V-base door', 24, 0, 25.875],
    ['V-base door', 24, 0.5, 25.875],
    // Pantry Bott Dr (decision): same as V-base door: 1.25 + 0.625 + 40 = 41.875
    ['Pantry Bott Dr', 40, 0.125, 41.875],
    // V-base front / Pantry Top Dr: topRail − 0.25 + (midRail1/2 − 0.125) + h = 2 − 0.25 + 0.625 + 6 = 8.375
    ['V-base front', 6, 0, 8.375],
    ['V-base front', 6, 0.25, 8.375],
    ['Pantry Top Dr', 36, 0.0625, 38.375],
  ])('%s h=%f vr=%f → %f', (part, openingHeightIn, vr, expected) => {
    expect(
      finishedHeight({ part, openingHeightIn, stileRail: JOB, verticalRevealIn: vr }),
    ).toBeCloseTo(expected, 10);
  });
});
