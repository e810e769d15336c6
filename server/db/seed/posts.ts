import type { Transaction } from 'kysely';
import { insertPost } from '../../modules/posts/factories';
import { isUrlTitleTaken, type NewPost } from '../../modules/posts/service';
import type { Database } from '../types';
import type { Seeder } from './index';

const authors = {
  jiwoo: { name: 'Jiwoo Han', image: '/demo/blog/authors/jiwoo-han.svg' },
  minseo: { name: 'Minseo Park', image: '/demo/blog/authors/minseo-park.svg' },
  daniel: { name: 'Daniel Cho', image: '/demo/blog/authors/daniel-cho.svg' },
};

type DemoPost = Omit<NewPost, 'postedAt'> & { daysAgo: number };

/** The demo blog: one post per theme of the catalogue, plus how the platform itself works. */
export const demoPosts: DemoPost[] = [
  {
    daysAgo: 2,
    title: 'Hanwoo herds, explained: from calf to auction',
    urlTitle: 'hanwoo-herds-explained',
    subTitle: 'What you own when you own a share of Korean beef cattle, and when it pays.',
    author: authors.minseo,
    thumbnail: '/demo/blog/hanwoo-herds.svg',
    content: `
<p>Hanwoo is Korea's native breed of beef cattle. Fewer than three million head live in the country, almost all of them on family farms, and their marbled beef sells for several times the price of imported cuts. A hanwoo project on Moa is a share in a group of these animals, raised by a partner farm under contract, and sold at a graded auction when they come of age.</p>
<h2>The life of a steer</h2>
<p>A calf is born, nurses for about six months, and then spends the better part of two years growing on roughage and, in the last months, a finishing feed that builds the fine marbling buyers pay for.</p>
<img src="/demo/blog/hanwoo-timeline.svg" alt="A timeline: calf born at month 0, weaned at month 6, finishing feed from month 14, graded and auctioned at about month 30" width="960" height="260" />
<p>At around thirty months the animal goes to a livestock auction, where an official grader scores the carcass. The grade, from 1++ at the top down to 3, sets most of the price.</p>
<h2>Where the money goes</h2>
<ul>
<li><strong>Feed and care.</strong> The largest cost, paid to the farm month by month from the funds raised.</li>
<li><strong>Insurance.</strong> Every animal is insured against death and disease, so a loss on the farm is not a loss to you.</li>
<li><strong>Auction proceeds.</strong> What is left after costs and the farm's share is distributed to holders in proportion to their tokens.</li>
</ul>
<h2>What can go wrong</h2>
<p>Beef prices move. In a year when many farms sell at once, auction prices fall, and a herd that grades lower than planned earns less. Disease outbreaks can close auctions for weeks. We publish the farm's monthly weigh-ins and vet reports in each project's notices, so you can watch the herd grow rather than wait two years in silence.</p>
<blockquote><p>"A good herd is patience you can see. You weigh them every month, and every month they are a little closer." — a partner farmer in Hoengseong</p></blockquote>
<p>If you like your investments slow, tangible and tied to something people will always want to eat, a herd may suit you. If you need your money back within a year, it will not.</p>`,
  },
  {
    daysAgo: 6,
    title: 'Where a K-pop royalty actually comes from',
    urlTitle: 'where-k-pop-royalties-come-from',
    subTitle: 'Streams, broadcasts, covers and karaoke: following one song from a listener to a token holder.',
    author: authors.jiwoo,
    thumbnail: '/demo/blog/k-pop-royalties.svg',
    content: `
<p>When you stream a song, a fraction of a cent begins a long walk. A music royalty project on Moa gives holders a share of what a catalogue of songs earns on that walk, and it helps to know the path before you buy.</p>
<h2>Two kinds of rights in every song</h2>
<p>Each track carries two sets of rights. The <em>recording</em> belongs to whoever paid for the master, usually a label. The <em>composition</em>, the melody and lyrics, belongs to the songwriters and their publisher. Moa projects say plainly which share they hold, because the two are paid differently.</p>
<img src="/demo/blog/royalty-flow.svg" alt="Listeners pay platforms, platforms pay collecting societies, societies pay the rights holder, who pays token holders" width="960" height="300" />
<h2>The sources, largest first</h2>
<ol>
<li><strong>Streaming.</strong> Services pay per play, at rates that differ by country and by subscription tier.</li>
<li><strong>Broadcast and public performance.</strong> Radio, TV, cafés and shops playing music pay collecting societies such as KOMCA in Korea.</li>
<li><strong>Sync licences.</strong> A song placed in a drama, film or advertisement earns a one-off fee, sometimes large.</li>
<li><strong>Covers and karaoke.</strong> Small on their own, steady over decades.</li>
</ol>
<h2>Why payments arrive late</h2>
<p>Each step in the chain collects, reconciles and reports before it pays. Money earned in January often reaches the rights holder in the summer. Distributions on Moa follow that rhythm, and each one comes with the statement it was calculated from.</p>
<p>The appeal of a catalogue is its long tail: a song that found its audience ten years ago is often still earning today, and a comeback or a viral dance can wake an old track up overnight. The risk is the opposite: tastes move, and a catalogue tied to one group rises and falls with them.</p>`,
  },
  {
    daysAgo: 11,
    title: 'What a K-drama earns after the finale',
    urlTitle: 'what-a-k-drama-earns-after-the-finale',
    subTitle: 'Licensing, remakes and merchandise keep a hit series earning for years.',
    author: authors.jiwoo,
    thumbnail: '/demo/blog/drama-ip.svg',
    content: `
<p>A sixteen-episode drama is usually paid for before the first episode airs: a broadcaster or streaming service buys the first run, and that fee covers most of the production budget. What a drama IP project on Moa offers is a share of what comes <strong>after</strong>.</p>
<h2>The second life of a series</h2>
<ul>
<li><strong>Territory licences.</strong> Each country, and each window within it (pay TV, free TV, streaming), can be licensed separately, often several times over a decade.</li>
<li><strong>Format and remake rights.</strong> A story that worked in Seoul may be remade in Istanbul, Manila or Los Angeles, and each remake pays for the format.</li>
<li><strong>Soundtrack.</strong> Drama OSTs chart on their own and pay royalties like any other song.</li>
<li><strong>Merchandise and tourism.</strong> Filming locations and branded goods earn through partner agreements.</li>
</ul>
<h2>Reading a drama offering</h2>
<p>Look for three things in the project's documents: which rights are included and for which territories, how long the rights last, and who sells them. A good sales agent with a track record matters as much as the show itself.</p>
<blockquote><p>A hit is never guaranteed. A well-made series with rights that are clearly owned and actively sold is the next best thing.</p></blockquote>
<p>Drama income is lumpy: a big remake deal can arrive in one quarter and nothing the next. Holders should expect uneven distributions and read each notice for the deal behind it.</p>`,
  },
  {
    daysAgo: 17,
    title: "Backing a Seoul kitchen: how to read a restaurant's numbers",
    urlTitle: 'backing-a-seoul-kitchen',
    subTitle: 'Covers, ticket size and rent: the three figures that tell you whether a restaurant works.',
    author: authors.minseo,
    thumbnail: '/demo/blog/seoul-kitchen.svg',
    content: `
<p>Restaurants are among the most loved and the most fragile businesses there are. A restaurant project on Moa funds a specific kitchen, an opening, a second branch or a renovation, and shares its revenue with holders. Before you back one, learn to read three numbers.</p>
<h2>1. Covers per day</h2>
<p>How many people eat there each day, counted by meals served. The project's documents show the current figure and the plan. A neighbourhood gukbap house turning 250 covers a day in a busy office district is a very different business from a tasting counter seating twelve.</p>
<h2>2. Average ticket</h2>
<p>What each guest spends. Multiply by covers and opening days and you have the revenue the plan depends on. Be wary of plans where both numbers rise sharply at once.</p>
<h2>3. Rent as a share of revenue</h2>
<p>In Seoul, rent above about fifteen percent of revenue squeezes everything else. Key money, the lump sum paid to take over a lease, is also worth noting because it is rarely recovered.</p>
<h2>What holders receive</h2>
<p>Most restaurant projects pay a fixed percentage of monthly revenue, not profit, for a set number of years. Revenue is easier to verify: card terminal reports are shared each month in the project's notices. The trade-off is that holders are paid even in lean months, which the kitchen must be able to afford.</p>
<p>And yes, holders often get a gift when they reach a token threshold. A free bowl of seolleongtang is not a return on investment, but it is a very good reason to visit.</p>`,
  },
  {
    daysAgo: 24,
    title: 'Onggi: the pot that breathes, and the workshop that keeps it alive',
    urlTitle: 'onggi-the-pot-that-breathes',
    subTitle: 'Why a craft project is about keeping a skill alive as much as selling jars.',
    author: authors.minseo,
    thumbnail: '/demo/blog/onggi-craft.svg',
    content: `
<p>Onggi are the tall, dark earthenware jars that have stood in Korean courtyards for centuries, holding kimchi, soy sauce and doenjang while they ferment. The clay is fired in a way that leaves microscopic pores, so the jar "breathes": air moves through the walls while liquid stays in. Cooks swear the sauces taste better for it.</p>
<h2>A skill that takes ten years</h2>
<p>An onggi master coils and paddles each jar by hand, some taller than the potter. Learning to do it well takes about a decade, and the number of working masters has fallen to a few dozen. A craft project on Moa funds a workshop's kiln, its apprentices and its route to buyers in Korea and abroad.</p>
<h2>How a craft project earns</h2>
<ul>
<li>Sales of jars and tableware through the workshop, department stores and export partners.</li>
<li>Collaborations with restaurants and sauce makers who want to ferment the traditional way.</li>
<li>Classes and workshop visits, which have grown with cultural tourism.</li>
</ul>
<h2>Honest expectations</h2>
<p>Craft grows slowly. Kilns break, firings fail, and a workshop can only make so many pieces in a season. Returns from a craft project are usually modest; most holders choose one because they want the workshop to exist in twenty years, and are glad to share in its income along the way.</p>
<p>Holders who reach the gift threshold receive a small jar from the workshop's firing. It will outlast all of us.</p>`,
  },
  {
    daysAgo: 31,
    title: 'From jang to supermarket shelf: how K-food brands grow',
    urlTitle: 'how-k-food-brands-grow',
    subTitle: 'Gochujang, kimchi and ramyeon have left Korea. What it takes for a small brand to follow.',
    author: authors.jiwoo,
    thumbnail: '/demo/blog/k-food-brands.svg',
    content: `
<p>Korean food exports have grown year after year, led by ramyeon, kimchi, sauces and snacks. Behind the big names are hundreds of small producers with a recipe people love and no way yet to make it at scale. A K-food brand project on Moa funds that step.</p>
<h2>The usual path</h2>
<ol>
<li><strong>A local favourite.</strong> A family recipe sold at a market or a single restaurant.</li>
<li><strong>A certified kitchen.</strong> HACCP certification lets the product reach Korean retailers.</li>
<li><strong>Retail listings.</strong> Convenience stores and supermarkets, where packaging and shelf life decide everything.</li>
<li><strong>Export.</strong> Labelling, food-safety approvals and a distributor in each market.</li>
</ol>
<h2>What to look for</h2>
<p>Ask where the money goes: equipment, certification, a first export order. Ask who already buys the product, and whether they reorder. A brand with a few loyal retailers is worth more than one with a long list of meetings.</p>
<blockquote><p>The recipe is the easy part. Making it taste the same in the ten-thousandth jar is the business.</p></blockquote>
<p>Food brands pay holders a share of sales. Margins are thin and ingredient prices swing, particularly for chilli and cabbage after a poor harvest, so distributions vary with the seasons.</p>`,
  },
  {
    daysAgo: 38,
    title: 'What custody means for your tokens',
    urlTitle: 'what-custody-means-for-your-tokens',
    subTitle: 'A token is a record. Custody is what makes the record point at something real.',
    author: authors.daniel,
    thumbnail: '/demo/blog/custody.svg',
    content: `
<p>A token on Moa records that you hold a share of a specific asset: a herd, a catalogue, a kitchen's revenue. The token on its own is only a record. What makes it worth something is that the asset exists, is held for holders, and cannot be quietly sold out from under them. That is custody.</p>
<h2>Who holds what</h2>
<ul>
<li><strong>The asset</strong> sits in a separate legal vehicle for each project, so it is never mixed with Moa's own money or with other projects.</li>
<li><strong>The documents</strong> (contracts, titles, insurance policies) are kept by an independent custodian and listed in each project's documents tab.</li>
<li><strong>The register</strong> of who holds which tokens is kept by Moa and reconciled against the custodian's records.</li>
</ul>
<h2>If Moa stopped operating</h2>
<p>Because each asset belongs to its own vehicle, holders' claims do not depend on Moa staying in business. The custodian would appoint a replacement administrator to keep paying distributions or to wind the project up and return the proceeds.</p>
<h2>What you can check yourself</h2>
<p>Every project lists its custodian, its legal vehicle and the documents behind it. Governance notices report each distribution with the figures it came from. If something does not add up, write to us: questions from holders are how we find the things we missed.</p>`,
  },
  {
    daysAgo: 45,
    title: 'Your first vote as a holder',
    urlTitle: 'your-first-vote-as-a-holder',
    subTitle: 'Proposals, agendas and how your holding becomes your voice.',
    author: authors.daniel,
    thumbnail: '/demo/blog/holder-vote.svg',
    content: `
<p>Holding a token on Moa gives you a say in the project it belongs to. Decisions that matter to holders, such as whether to sell a herd early, renew a licence or open a second branch, are put to a vote in the project's governance area.</p>
<h2>Proposals and agendas</h2>
<p>A <strong>proposal</strong> can be opened by any holder: you describe the question, the options and how long voting runs. An <strong>agenda</strong> is a formal item opened by the project's operator or by Moa, usually because a contract requires holders to approve something.</p>
<h2>How votes are counted</h2>
<ul>
<li>Your vote is weighted by the tokens you held <em>when the vote opened</em>, so buying tokens mid-vote changes nothing.</li>
<li>Each holder casts one ballot per vote.</li>
<li>A vote passes only when enough of the holding takes part (the quorum) and a majority of it agrees.</li>
</ul>
<h2>Before you vote</h2>
<p>Read the notices and the community discussion: the seller often answers questions there, and other holders may have spotted something you did not. When the vote closes, the result and the turnout are published to every holder, whichever way it went.</p>
<p>Most votes are quiet. Some decide whether a project ends well. Either way, they are yours to cast.</p>`,
  },
];

export async function seedDemoPosts(trx: Transaction<Database>, now = new Date()): Promise<void> {
  // Oldest first, so ids follow publishing order as they would on a live site.
  for (const { daysAgo, ...post } of [...demoPosts].sort((a, b) => b.daysAgo - a.daysAgo)) {
    // A data folder seeded again (its marker removed by hand) keeps the posts it has.
    if (await isUrlTitleTaken(trx, post.urlTitle)) continue;
    await insertPost(trx, { ...post, postedAt: new Date(now.getTime() - daysAgo * 24 * 60 * 60_000) });
  }
}

export const demoPostsSeeder: Seeder = { name: 'blog posts', run: (trx) => seedDemoPosts(trx) };
