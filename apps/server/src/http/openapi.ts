import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { serverVersion } from '../version';

/** Serves the OpenAPI page at /docs and the document itself at /docs-json. */
export function setupOpenApi(app: INestApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Tablecast')
      .setDescription('Ingest, projections, broadcast feeds and arbitration for televised card-game finals.')
      .setVersion(serverVersion())
      .build(),
  );
  SwaggerModule.setup('docs', app, document, { jsonDocumentUrl: 'docs-json' });
}
