/** The stories /about/{product} tells; any other value is the 404 page. */
export const aboutProducts = ['moa', 'k-pop-royalties', 'drama-and-film', 'k-food', 'hanwoo', 'craft'] as const;
export type AboutProduct = (typeof aboutProducts)[number];

export function isAboutProduct(value: string): value is AboutProduct {
  return (aboutProducts as readonly string[]).includes(value);
}
