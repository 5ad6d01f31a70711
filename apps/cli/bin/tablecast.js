#!/usr/bin/env node
// Thin launcher: the CLI is TypeScript compiled to dist/ by `npm install` (root `prepare`) or `npm run build`.
'use strict';
const path = require('node:path');
const fs = require('node:fs');

const entry = path.join(__dirname, '..', 'dist', 'main.js');
if (!fs.existsSync(entry)) {
  process.stderr.write('tablecast: the CLI is not built yet; run `npm run build` in the checkout first.\n');
  process.exit(2);
}
require(entry)
  .main(process.argv)
  .catch((error) => {
    process.stderr.write(`tablecast: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
