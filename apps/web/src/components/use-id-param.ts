import { useParams } from 'react-router';

/** The route's :id, or 0 when it is not a positive whole number (the page then shows not found). */
export const useIdParam = (): number => {
  const { id } = useParams();
  const n = Number(id);
  return Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : 0;
};
