import { Controller, Get, Redirect } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';

/** A person who opens the server's address lands on the status overlay. */
@ApiExcludeController()
@Controller()
export class RootController {
  @Get()
  @Redirect('/overlays/status/', 302)
  root(): void {
    // The redirect decorator answers; nothing to compute.
  }
}
