import { describe, expect, it } from 'vitest';
import { tableText } from '../../sync/texts';
import { rowLabel } from './rowLabel';

describe('rowLabel', () => {
  it('names a row by its project or file name, else by its kind', () => {
    expect(rowLabel('projects', { name: 'Smith kitchen' })).toBe('Smith kitchen');
    expect(rowLabel('projects', { name: '' })).toBe('Untitled Project');
    expect(rowLabel('projects', undefined)).toBe('Untitled Project');
    expect(rowLabel('project_files', { file_name: 'wall.jpg' })).toBe('wall.jpg');
    expect(rowLabel('project_files', undefined)).toBe('File');
    expect(rowLabel('profiles', { first_name: 'Ann' })).toBe('Profile');
    expect(tableText('projects')).toBe('Project');
    expect(rowLabel('messages', { body: 'Doors\n  arrive Tuesday' })).toBe(
      'Message: Doors arrive Tuesday',
    );
    expect(rowLabel('messages', { body: 'x'.repeat(60) })).toBe(`Message: ${'x'.repeat(39)}…`);
    expect(rowLabel('messages', undefined)).toBe('Message');
  });
});
