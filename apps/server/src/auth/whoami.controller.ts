import { Controller, Get, Req } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import type { AuthenticatedRequest } from './auth.guard';
import { ROLES, type Principal } from './roles';
import { RequireRoles } from './roles.decorator';

@ApiTags('auth')
@ApiBearerAuth()
@Controller('api')
export class WhoamiController {
  /** Lets a staff page check its token before it shows controls. */
  @Get('whoami')
  @RequireRoles(...ROLES)
  @ApiOkResponse({ description: 'The role (and operator table) of the bearer token.' })
  @ApiUnauthorizedResponse({ description: 'Missing or unknown token.' })
  @ApiForbiddenResponse({ description: 'The role may not call this.' })
  whoami(@Req() request: AuthenticatedRequest): Principal | undefined {
    return request.principal;
  }
}
