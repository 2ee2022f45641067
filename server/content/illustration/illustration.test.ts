import { describe, expect, it } from 'vitest';
import { FACADE_STYLES, facadeStyleOf, renderHotelFacadeSvg } from './hotel-facade';
import { ROOM_LAYOUTS, renderRoomInteriorSvg } from './room-interior';

/* The drawings of hotels and room types: repeatable, told apart, and safe to serve under a strict policy. */

const colours = { primaryColour: '#8c1450', accentColour: '#5c3d99' };
const facade = (hotelCode: string, more: Partial<typeof colours> = {}) => renderHotelFacadeSvg({ hotelCode, ...colours, ...more, title: `Hotel ${hotelCode}` });
const room = (hotelCode: string, typeCode: string) => renderRoomInteriorSvg({ hotelCode, typeCode, ...colours, title: `Room ${typeCode}` });

/** What a drawing shows, without the ids derived from its codes. */
const shapes = (svg: string) => svg.replace(/\b(id|aria-labelledby)="[^"]*"|url\(#[^)]*\)|<title[^<]*<\/title>/g, '');

const HOTEL_CODES = ['SBTG', 'JAMO', 'SHDB', 'ICBE', 'MXBE', 'ZLCP', 'JAZB', 'HOBB', 'PDSH', 'ICAM', 'SHFR', 'ZLBE'];

function expectSafe(svg: string) {
  expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 1200 800"/);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg).not.toMatch(/<script|<style|style=|href=|on\w+=|<image|@import/i);
  expect(svg).not.toMatch(/NaN|undefined/);
}

describe('hotel fronts', () => {
  it('draw the same hotel the same way every time', () => {
    expect(facade('SBTG')).toBe(facade('SBTG'));
  });

  it('give hotels of one brand (same colours) different drawings, spread over every facade style', () => {
    const drawings = HOTEL_CODES.map((code) => shapes(facade(code)));
    expect(new Set(drawings).size).toBe(HOTEL_CODES.length);
    const styles = new Set([...HOTEL_CODES, 'A1', 'B2', 'C3', 'D4', 'E5', 'F6', 'G7', 'H8'].map(facadeStyleOf));
    expect([...styles].sort()).toEqual([...FACADE_STYLES].sort());
  });

  it('paint the building in the brand colours', () => {
    const svg = facade('SBTG', { accentColour: '#123456' });
    expect(svg).toContain('#123456');
    expect(shapes(svg)).not.toBe(shapes(facade('SBTG')));
  });

  it('are well-formed, self-contained and carry their title escaped', () => {
    for (const code of HOTEL_CODES) expectSafe(facade(code));
    expect(renderHotelFacadeSvg({ hotelCode: 'SBTG', ...colours, title: 'A & B <C>' })).toContain('<title id="');
    expect(renderHotelFacadeSvg({ hotelCode: 'SBTG', ...colours, title: 'A & B <C>' })).not.toContain('A & B <C>');
  });
});

describe('room types', () => {
  it('draw every room type of a hotel differently', () => {
    const drawings = Object.keys(ROOM_LAYOUTS).map((type) => shapes(room('SBTG', type)));
    expect(new Set(drawings).size).toBe(Object.keys(ROOM_LAYOUTS).length);
  });

  it('draw the same type differently in two hotels, and the same in one hotel every time', () => {
    expect(room('SBTG', 'DLX')).toBe(room('SBTG', 'DLX'));
    expect(shapes(room('SBTG', 'DLX'))).not.toBe(shapes(room('JAMO', 'DLX')));
  });

  it('furnish by the type: more pillows on wider beds, a bunk bed for families, a doorway in suites', () => {
    const pillows = (svg: string) => (svg.match(/fill="#ffffff" rx="14"/g) ?? []).length;
    expect(pillows(room('SBTG', 'SGL'))).toBe(1);
    expect(pillows(room('SBTG', 'STD'))).toBe(2);
    expect(pillows(room('SBTG', 'DLX'))).toBe(3);
    // The bunk bed's two mattresses and the suite's bed behind its door have pillows of their own shape.
    expect((room('SBTG', 'FAM').match(/rx="10"/g) ?? []).length).toBeGreaterThanOrEqual(2);
    expect(pillows(room('SBTG', 'STE'))).toBe(0);
  });

  it('are well-formed and self-contained, an unknown type furnished like a standard room', () => {
    for (const type of Object.keys(ROOM_LAYOUTS)) expectSafe(room('JAMO', type));
    expect(shapes(room('SBTG', 'XYZ'))).not.toBe('');
    expectSafe(room('SBTG', 'XYZ'));
  });
});
