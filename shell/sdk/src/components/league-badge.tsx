import { Badge, type BadgeProps } from '@chakra-ui/react';
import { leagueColor, leagueLabel } from '@venuebook/domain';

export interface LeagueBadgeProps extends Omit<BadgeProps, 'children' | 'colorPalette'> {
  /** League value as stored ('OT Select' is shown as 'OTS'). */
  league: string;
}

export function LeagueBadge({ league, ...props }: LeagueBadgeProps) {
  return (
    <Badge colorPalette={leagueColor(league)} variant="subtle" data-league={league} {...props}>
      {leagueLabel(league)}
    </Badge>
  );
}
