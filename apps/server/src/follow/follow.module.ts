import { Module } from '@nestjs/common';
import { ProjectionsModule } from '../projections/projections.module';
import { ProgramTableController } from './program-table.controller';
import { TableFollow } from './table-follow.service';

/** Pages that follow a table, or the table on program, from match to match (the gateway's `follow`). */
@Module({
  imports: [ProjectionsModule],
  controllers: [ProgramTableController],
  providers: [TableFollow],
  exports: [TableFollow],
})
export class FollowModule {}
