import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { niceCeiling, summarize, TimeSeriesChart } from './time-series-chart';

describe('TimeSeriesChart', () => {
  it('renders on the server to an SVG with a text alternative and a data table', () => {
    const html = renderToString(createElement(TimeSeriesChart, {
      title: 'Profile views per week',
      buckets: ['Nov 9', 'Nov 16', 'Nov 23'],
      series: [{ key: 'views', label: 'Profile views', values: [3, 0, 7], color: '#2f5233' }],
    }));
    expect(html).toContain('role="img"');
    expect(html).toContain('aria-label="Profile views per week, Nov 9 to Nov 23. Profile views: total 10, highest 7 (Nov 23), latest 7."');
    expect(html.match(/<rect /g)).toHaveLength(3);
    expect(html).toContain('data-value="0"');
    expect(html).toContain('<table');
    expect(html.match(/<tr/g)).toHaveLength(4); // heading row + one per bucket
  });

  it('draws one line per series in line mode', () => {
    const html = renderToString(createElement(TimeSeriesChart, {
      title: 'Messages', kind: 'line', buckets: ['a', 'b'],
      series: [{ key: 'in', label: 'In', values: [1, 2], color: '#000' }, { key: 'out', label: 'Out', values: [2, 1], color: '#111' }],
    }));
    expect(html.match(/<polyline /g)).toHaveLength(2);
  });

  it('puts the axis top on a round number with a round middle', () => {
    expect([0, 1, 2, 3, 5, 7, 9, 10, 12, 20, 21, 99, 100, 101, 15000].map(niceCeiling)).toEqual([2, 2, 2, 4, 6, 8, 10, 10, 20, 20, 40, 100, 100, 200, 20000]);
  });

  it('summarizes an empty chart', () => {
    expect(summarize('Spend', [], [], String)).toBe('Spend: no data.');
  });
});
