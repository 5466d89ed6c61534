/*
 * Keeps each battle calculator frame as tall as its content: the calculator
 * posts its height to the page that frames it. Only a message from one of
 * this page's calculator frames, from the frame's own origin, is read.
 */
( function () {
	'use strict';
	function frames() {
		return document.querySelectorAll( 'iframe.battle-calculator-frame' );
	}
	window.addEventListener( 'message', function ( event ) {
		var data = event.data, list = frames(), i, frame;
		if ( !data || data.type !== 'battle-calculator:height' || typeof data.height !== 'number' ||
			!( data.height > 0 && data.height < 100000 ) ) {
			return;
		}
		for ( i = 0; i < list.length; i++ ) {
			frame = list[ i ];
			if ( frame.contentWindow === event.source && new URL( frame.src, location.href ).origin === event.origin ) {
				frame.style.height = Math.ceil( data.height ) + 'px';
			}
		}
	} );
}() );
