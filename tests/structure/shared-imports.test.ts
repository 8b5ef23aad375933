// The narrowed shares of the federation build (shell/sdk/build/shared-imports.mjs): the shell provides
// Chakra UI, React Router and TanStack Query reduced to the names the containers import, so the scan of
// those imports must see every form of import and give up (share whole) where it cannot know the names.
import { mkdtempSync, readFileSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error -- plain JavaScript build module without declarations
import { collectImportedNames, collectSubpathImports, importedNames, WHOLE, writeNarrowedShares } from '../../shell/sdk/build/shared-imports.mjs';

type Names = Map<string, Set<string>>;
const scan = (text: string, file = 'page.tsx'): Names => importedNames(text, file, ['@chakra-ui/react', 'react-router']) as Names;
const names = (found: Names, specifier: string): string[] => [...(found.get(specifier) ?? [])].sort();

describe('importedNames', () => {
  it('reads named imports and re-exports, by their exported name', () => {
    const found = scan(`
      import { Box, Button as ChakraButton } from '@chakra-ui/react';
      import {
        Card,
        Text,
      } from '@chakra-ui/react';
      export { Link } from 'react-router';
      export { Outlet as Slot } from 'react-router';
      const page = <Box />;
    `);
    expect(names(found, '@chakra-ui/react')).toEqual(['Box', 'Button', 'Card', 'Text']);
    expect(names(found, 'react-router')).toEqual(['Link', 'Outlet']);
  });

  it('skips type-only imports and other packages', () => {
    const found = scan(
      `
      import type { BoxProps } from '@chakra-ui/react';
      import { type ButtonProps, Spinner } from '@chakra-ui/react';
      export type { RouteObject } from 'react-router';
      import { lazy } from 'react';
    `,
      'types.ts',
    );
    expect(names(found, '@chakra-ui/react')).toEqual(['Spinner']);
    expect(found.has('react-router')).toBe(false);
    expect(found.has('react')).toBe(false);
  });

  it('needs the whole package for namespace, default, bare and dynamic imports and export *', () => {
    for (const text of [
      `import * as Chakra from '@chakra-ui/react';`,
      `import Chakra from '@chakra-ui/react';`,
      `import '@chakra-ui/react';`,
      `const chakra = await import('@chakra-ui/react');`,
      `export * from '@chakra-ui/react';`,
      `export * as Chakra from '@chakra-ui/react';`,
    ]) {
      expect(names(scan(text, 'file.ts'), '@chakra-ui/react'), text).toContain(WHOLE);
    }
  });
});

describe('writeNarrowedShares', () => {
  const root = mkdtempSync(join(tmpdir(), 'venuebook-narrowed-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('writes one facade per package with the union of every container and share key, and leaves out packages needed whole', () => {
    const shell = join(root, 'shell');
    const remote = join(root, 'mfe-x');
    mkdirSync(join(shell, 'src'), { recursive: true });
    mkdirSync(join(remote, 'src', 'home'), { recursive: true });
    writeFileSync(join(shell, 'src', 'app.tsx'), `import { Box } from '@chakra-ui/react';\nimport { Link } from 'react-router-dom';`);
    writeFileSync(
      join(remote, 'src', 'home', 'page.tsx'),
      `import { Card, Box } from '@chakra-ui/react';\nimport { useParams } from 'react-router';\nimport * as Query from '@tanstack/react-query';`,
    );
    // Tests are not shipped: their imports do not widen a facade.
    writeFileSync(join(remote, 'src', 'home', 'page.test.tsx'), `import { Dialog } from '@chakra-ui/react';`);

    const result = writeNarrowedShares({
      packageDir: shell,
      sourceDirs: [join(shell, 'src'), join(remote, 'src')],
      packages: [
        ['@chakra-ui/react', ['@chakra-ui/react']],
        ['react-router', ['react-router', 'react-router-dom']],
        ['@tanstack/react-query', ['@tanstack/react-query']],
      ],
    }) as { shared: Record<string, { import: string; version: string }>; names: Record<string, string[]>; whole: string[] };

    expect(result.names['@chakra-ui/react']).toEqual(['Box', 'Card']);
    expect(result.names['react-router']).toEqual(['Link', 'useParams']);
    expect(result.whole).toEqual(['@tanstack/react-query']);
    expect(Object.keys(result.shared).sort()).toEqual(['@chakra-ui/react', 'react-router', 'react-router-dom']);
    expect(result.shared['react-router-dom']!.import).toBe(result.shared['react-router']!.import);
    expect(result.shared['@chakra-ui/react']!.version).toMatch(/^3\./);
    expect(readFileSync(result.shared['@chakra-ui/react']!.import, 'utf8')).toContain(`export { Box, Card } from '@venuebook/unshared/@chakra-ui/react';`);
    expect(readFileSync(join(shell, '.federation', '.gitignore'), 'utf8')).toBe('*\n');
  });

  it('finds, in the real containers, only names the packages export', async () => {
    const repo = join(import.meta.dirname, '..', '..');
    const dirs = ['shell/src', 'shell/sdk/src', 'mfe-venues/src', 'mfe-cards/src', 'mfe-media/src', 'mfe-admin/src'].map((dir) => join(repo, dir));
    const found = collectImportedNames(dirs, ['react-router', 'react-router-dom', '@tanstack/react-query']) as Names;
    const router = await import('react-router');
    const query = await import('@tanstack/react-query');
    for (const name of [...found.get('react-router')!, ...found.get('react-router-dom')!]) expect(router, name).toHaveProperty(name);
    for (const name of found.get('@tanstack/react-query')!) expect(query, name).toHaveProperty(name);
    expect(found.get('react-router-dom')).toContain('BrowserRouter');
  });
});

describe('collectSubpathImports', () => {
  const root = mkdtempSync(join(tmpdir(), 'venuebook-subpaths-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('lists the sub-paths of a package that sources import, re-export or load, without type-only imports and tests', () => {
    mkdirSync(join(root, 'src', 'layout'), { recursive: true });
    writeFileSync(
      join(root, 'src', 'layout', 'menu.tsx'),
      `import { Menu } from '@chakra-ui/react/menu';\nimport { Box } from '@chakra-ui/react';\nimport type { DialogRootProps } from '@chakra-ui/react/dialog';\nexport { Toast } from '@chakra-ui/react/toast';\nconst drawer = () => import('@chakra-ui/react/drawer');`,
    );
    writeFileSync(join(root, 'src', 'layout', 'menu.test.tsx'), `import { Popover } from '@chakra-ui/react/popover';`);
    expect(collectSubpathImports([join(root, 'src')], '@chakra-ui/react')).toEqual([
      '@chakra-ui/react/drawer',
      '@chakra-ui/react/menu',
      '@chakra-ui/react/toast',
    ]);
  });

  it('finds the overlays the real containers load on demand', () => {
    const repo = join(import.meta.dirname, '..', '..');
    const dirs = ['shell/src', 'shell/sdk/src'].map((dir) => join(repo, dir));
    expect(collectSubpathImports(dirs, '@chakra-ui/react')).toEqual(
      expect.arrayContaining(['@chakra-ui/react/dialog', '@chakra-ui/react/drawer', '@chakra-ui/react/menu', '@chakra-ui/react/toast']),
    );
  });
});
