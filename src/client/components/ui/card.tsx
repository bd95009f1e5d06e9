import type { HTMLAttributes, ReactNode } from 'react';
import { Link } from 'react-router';
import { cn } from './cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-xl border border-bark-200 bg-white shadow-sm', className)} {...props} />;
}

export function CardHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex flex-col gap-1 p-5 pb-3', className)} {...props} />;
}

export function CardTitle({ className, ...props }: HTMLAttributes<HTMLHeadingElement>) {
  return <h3 className={cn('text-lg font-semibold leading-tight text-bark-900', className)} {...props} />;
}

export function CardDescription({ className, ...props }: HTMLAttributes<HTMLParagraphElement>) {
  return <p className={cn('text-sm text-bark-700', className)} {...props} />;
}

export function CardContent({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('p-5 pt-0', className)} {...props} />;
}

export function CardFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('flex items-center gap-2 p-5 pt-0', className)} {...props} />;
}

type TitledCardProps = Omit<HTMLAttributes<HTMLDivElement>, 'title'> & {
  title: ReactNode;
  description?: ReactNode;
  /** Shown above the title inside the header: an icon, a step number, badges. */
  leading?: ReactNode;
  /** Shown between the title and the description: badges, a date. */
  details?: ReactNode;
  titleClassName?: string;
  titleId?: string;
  contentClassName?: string;
};

/** The usual card: a header with a title and a sentence under it, then the children as its content (if any). */
export function TitledCard({ title, description, leading, details, titleClassName, titleId, contentClassName, children, ...cardProps }: TitledCardProps) {
  return (
    <Card {...cardProps}>
      <CardHeader>
        {leading}
        <CardTitle id={titleId} className={titleClassName}>{title}</CardTitle>
        {details}
        {description !== undefined && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      {children !== undefined && <CardContent className={contentClassName}>{children}</CardContent>}
    </Card>
  );
}

/**
 * A dashboard summary: a compact card whose header carries a "View all" link to the page with the whole list
 * (`what` completes the link's name for screen readers: "View all earnings"); without `to`, no link.
 */
export function SummaryCard({ title, to, what, children, className, ...cardProps }: Omit<HTMLAttributes<HTMLDivElement>, 'title'> & { title: ReactNode; to?: string; what?: string }) {
  return (
    <Card className={cn('flex flex-col', className)} {...cardProps}>
      <div className="flex items-baseline justify-between gap-3 px-4 pb-1.5 pt-3 sm:pb-2 sm:pt-4">
        <CardTitle className="text-base">{title}</CardTitle>
        {to && (
          <Link to={to} className="shrink-0 text-sm font-medium text-forest-700 hover:underline">
            View all{what && <span className="sr-only"> {what}</span>}
          </Link>
        )}
      </div>
      <div className="flex flex-col gap-2 px-4 pb-3 text-sm sm:pb-4">{children}</div>
    </Card>
  );
}
