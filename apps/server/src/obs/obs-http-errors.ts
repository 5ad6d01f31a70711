import {
  BadGatewayException,
  HttpException,
  NotFoundException,
  ServiceUnavailableException,
} from '@nestjs/common';
import { UnknownObsInstanceError } from './obs-bridge.service';
import { OBS_RESOURCE_NOT_FOUND, ObsError, ObsRequestError } from './obs.errors';
import { UnknownSceneError } from './obs-control.service';

/**
 * The HTTP answer for an OBS failure, shared by the OBS and rundown controllers: 404 for an
 * unknown instance, scene or transition, 502 when OBS refused the request, 503 when it is down
 * or does not answer. Anything else is not an OBS failure and is returned as is.
 */
export function obsHttpError(error: unknown): unknown {
  if (error instanceof HttpException) return error;
  if (error instanceof UnknownObsInstanceError || error instanceof UnknownSceneError)
    return new NotFoundException(error.message);
  if (error instanceof ObsRequestError) {
    return error.code === OBS_RESOURCE_NOT_FOUND
      ? new NotFoundException(error.message)
      : new BadGatewayException(error.message);
  }
  if (error instanceof ObsError) return new ServiceUnavailableException(error.message);
  return error;
}
