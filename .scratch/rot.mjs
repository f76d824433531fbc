import sharp from "sharp";
const W=400,H=300; const g=Buffer.alloc(W*H,255);
// dot at (100,50)
for(let y=48;y<53;y++)for(let x=98;x<103;x++)g[y*W+x]=0;
for (const a of [-3, 3, 87, -93, 180]) {
const r=await sharp(g,{raw:{width:W,height:H,channels:1}}).rotate(a,{background:"#ffffff"}).extractChannel(0).raw().toBuffer({resolveWithObject:true});
let sx=0,sy=0,n=0; const {width,height}=r.info;
for(let y=0;y<height;y++)for(let x=0;x<width;x++) if(r.data[y*width+x]<128){sx+=x;sy+=y;n++;}
const t=a*Math.PI/180; const dx=100.5-W/2, dy=50.5-H/2;
const px=dx*Math.cos(t)-dy*Math.sin(t)+width/2, py=dx*Math.sin(t)+dy*Math.cos(t)+height/2;
console.log(a,width,height,(sx/n).toFixed(2),(sy/n).toFixed(2),'pred',px.toFixed(2),py.toFixed(2), 'expectedW', W*Math.abs(Math.cos(t))+H*Math.abs(Math.sin(t)));
}
